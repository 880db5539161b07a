import { Type } from 'typebox';
import type { EnvReader } from './reader.ts';
import type { C2paConfig } from './types.ts';

/** Content Credentials (C2PA): the key and certificate chain every stored output is signed with. */
export const provenanceSettings = Type.Object({
  C2PA_SIGNING_KEY_FILE: Type.String({
    format: 'path',
    defaultText: '(unset: the local chain)',
    description:
      'The operator\'s private key, PEM (PKCS#8, SEC1 or PKCS#1): ECDSA P-256/384/521 (ES256/384/512), RSA of 2048 bits or more (PS256) or Ed25519. Needs `C2PA_SIGNING_CHAIN_FILE`.',
  }),
  C2PA_SIGNING_CHAIN_FILE: Type.String({
    format: 'path',
    defaultText: '(unset: the local chain)',
    description:
      'The certificate chain, PEM: the signing certificate first, then each issuer. Checked at start: the key matches the first certificate, which is not self-signed, has the `digitalSignature` key usage and the `emailProtection` or a document-signing extended key usage; each certificate is issued by the next and all are in date. A problem stops the server with a message naming it.',
  }),
  C2PA_ORGANIZATION: Type.String({ format: 'text', default: 'Persona Studio', description: 'The organisation named in a locally made chain.' }),
});

/** The operator's key and chain (both or neither), else null: the start makes a local chain in DATA_DIR. */
export function readC2pa(r: EnvReader): C2paConfig {
  const keyFile = r.raw('C2PA_SIGNING_KEY_FILE') === undefined ? null : r.path('C2PA_SIGNING_KEY_FILE');
  const chainFile = r.raw('C2PA_SIGNING_CHAIN_FILE') === undefined ? null : r.path('C2PA_SIGNING_CHAIN_FILE');
  if (keyFile !== null && chainFile === null) r.problem('C2PA_SIGNING_CHAIN_FILE', 'is required with C2PA_SIGNING_KEY_FILE');
  if (chainFile !== null && keyFile === null) r.problem('C2PA_SIGNING_KEY_FILE', 'is required with C2PA_SIGNING_CHAIN_FILE');
  return { keyFile, chainFile, organization: r.text('C2PA_ORGANIZATION') ?? '' };
}
