// The COSE signer c2pa-ts calls, backed by a Node KeyObject (imported once at start, not per
// signature). ECDSA signatures are raw r||s as COSE requires; RSA signs with PSS.
import { constants, sign } from 'node:crypto';
import type { X509Certificate } from '@peculiar/x509';
import { CoseAlgorithmIdentifier, type Signer } from '@trustnxt/c2pa-ts/cose';
import type { SigningCredentials } from './credentials.ts';

const HASHES: Partial<Record<CoseAlgorithmIdentifier, string>> = {
  [CoseAlgorithmIdentifier.ES256]: 'sha256',
  [CoseAlgorithmIdentifier.ES384]: 'sha384',
  [CoseAlgorithmIdentifier.ES512]: 'sha512',
  [CoseAlgorithmIdentifier.PS256]: 'sha256',
};

export class CredentialsSigner implements Signer {
  readonly algorithm: CoseAlgorithmIdentifier;
  readonly certificate: X509Certificate;
  readonly chainCertificates: X509Certificate[];

  constructor(private readonly credentials: SigningCredentials) {
    this.algorithm = credentials.algorithm;
    [this.certificate, ...this.chainCertificates] = credentials.chain;
  }

  async sign(payload: Uint8Array): Promise<Uint8Array> {
    const key = this.credentials.key;
    if (this.algorithm === CoseAlgorithmIdentifier.Ed25519) return sign(null, payload, key);
    const hash = HASHES[this.algorithm];
    if (!hash) throw new Error(`Content Credentials: no signing for COSE algorithm ${this.algorithm}`);
    if (this.algorithm === CoseAlgorithmIdentifier.PS256)
      return sign(hash, payload, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 });
    return sign(hash, payload, { key, dsaEncoding: 'ieee-p1363' });
  }
}
