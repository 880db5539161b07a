import { Type } from 'typebox';
import { Path, Text } from './formats.ts';
import type { Read } from './settings.ts';

/** Content Credentials (C2PA): the key and certificate chain every stored output is signed with. */
export const provenanceSettings = Type.Object({
  C2PA_SIGNING_KEY_FILE: Type.Optional(Path('path', {
    defaultText: '(unset: the local chain)',
    description:
      'The operator\'s private key, PEM (PKCS#8, SEC1 or PKCS#1): ECDSA P-256/384/521 (ES256/384/512), RSA of 2048 bits or more (PS256) or Ed25519. Needs `C2PA_SIGNING_CHAIN_FILE`.',
  })),
  C2PA_SIGNING_CHAIN_FILE: Type.Optional(Path('path', {
    defaultText: '(unset: the local chain)',
    description:
      'The certificate chain, PEM: the signing certificate first, then each issuer. Checked at start: the key matches the first certificate, which is not self-signed, has the `digitalSignature` key usage and the `emailProtection` or a document-signing extended key usage; each certificate is issued by the next and all are in date. A problem stops the server with a message naming it.',
  })),
  C2PA_ORGANIZATION: Text('text', { default: 'Persona Studio', description: 'The organisation named in a locally made chain.' }),
});

/** The operator's key and chain (both or neither), else null: the start makes a local chain in DATA_DIR. */
export function c2paOf({ values: s, report }: Read) {
  const keyFile = s.C2PA_SIGNING_KEY_FILE ?? null;
  const chainFile = s.C2PA_SIGNING_CHAIN_FILE ?? null;
  if (keyFile !== null && chainFile === null) report('C2PA_SIGNING_CHAIN_FILE', 'is required with C2PA_SIGNING_KEY_FILE');
  if (chainFile !== null && keyFile === null) report('C2PA_SIGNING_KEY_FILE', 'is required with C2PA_SIGNING_CHAIN_FILE');
  /** organization: the organisation named in a locally made chain. */
  return { keyFile, chainFile, organization: s.C2PA_ORGANIZATION };
}
