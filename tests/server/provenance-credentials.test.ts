// The signing credentials chosen at start: a local CA and signing certificate made once into the
// data folder and reused, or the operator's own key and chain, checked with clear errors.
import { createPrivateKey, generateKeyPairSync, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCredentialsSigner } from '../../server/src/provenance/c2pa.ts';
import { ensureSigningCredentials, SigningCredentialsError } from '../../server/src/provenance/credentials.ts';
import { failureCodes, readContentCredentials } from './support/c2pa-reader.ts';

let root: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'ps-c2pa-creds-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);
const provenance = { digitalSourceType: 'algorithmicMedia' as const, parents: [], tool: { name: 'Persona Studio', version: '0.1.0', engine: 'local' }, title: 'test' };

describe('the local chain', () => {
  it('is made once into <dataDir>/c2pa with private keys 0600, then reused', async () => {
    const dataDir = join(root, 'local');
    const first = await ensureSigningCredentials({ dataDir });
    expect(first.source).toBe('local-created');
    for (const file of ['ca.key.pem', 'signer.key.pem']) expect(statSync(join(dataDir, 'c2pa', file)).mode & 0o777).toBe(0o600);
    const second = await ensureSigningCredentials({ dataDir });
    expect(second.source).toBe('local-reused');
    expect(second.chain.map((c) => c.serialNumber)).toEqual(first.chain.map((c) => c.serialNumber));
  });

  it('has a CA-issued signing certificate with digitalSignature and emailProtection', async () => {
    const { chain } = await ensureSigningCredentials({ dataDir: join(root, 'profile') });
    const [leaf, ca] = chain;
    expect(await leaf.isSelfSigned()).toBe(false);
    expect(await leaf.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    expect(leaf.getExtension(x509.KeyUsagesExtension)!.usages & x509.KeyUsageFlags.digitalSignature).toBeTruthy();
    expect(leaf.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toContain(x509.ExtendedKeyUsage.emailProtection);
    expect(leaf.getExtension(x509.BasicConstraintsExtension)!.ca).toBe(false);
    expect(ca.getExtension(x509.BasicConstraintsExtension)!.ca).toBe(true);
  });

  it('renews a signing certificate near its end from the same CA', async () => {
    const dataDir = join(root, 'renew');
    const first = await ensureSigningCredentials({ dataDir });
    const later = new Date(first.chain[0].notAfter.getTime() - 5 * 86_400_000);
    const renewed = await ensureSigningCredentials({ dataDir, now: later });
    expect(renewed.source).toBe('local-created');
    expect(renewed.chain[0].serialNumber).not.toBe(first.chain[0].serialNumber);
    expect(renewed.chain[1].serialNumber).toBe(first.chain[1].serialNumber);
  });
});

describe("the operator's own key and chain", () => {
  let keyFile: string;
  let chainFile: string;
  beforeAll(async () => {
    // A chain made elsewhere, used as the operator's files.
    const made = join(root, 'made');
    await ensureSigningCredentials({ dataDir: made, organization: 'Example Newsroom' });
    keyFile = join(made, 'c2pa', 'signer.key.pem');
    chainFile = join(made, 'c2pa', 'signer.chain.pem');
  });

  it('signs with them when both files are set', async () => {
    const credentials = await ensureSigningCredentials({ dataDir: join(root, 'unused'), keyFile, chainFile });
    expect(credentials.source).toBe('operator');
    const signed = await createContentCredentialsSigner(credentials).sign(PNG, 'image/png', provenance);
    const store = await readContentCredentials(signed, 'image/png');
    expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
    expect(store.manifests[store.active_manifest].signature_info?.issuer).toBe('Example Newsroom');
  });

  it('signs with PS256 for an RSA key', async () => {
    const rsa = await makeChain(join(root, 'rsa'), { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 });
    const credentials = await ensureSigningCredentials({ dataDir: root, ...rsa });
    const signed = await createContentCredentialsSigner(credentials).sign(PNG, 'image/png', provenance);
    const store = await readContentCredentials(signed, 'image/png');
    expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
    expect(store.manifests[store.active_manifest].signature_info?.alg).toBe('Ps256');
  });

  it('needs both files', async () => {
    await expect(ensureSigningCredentials({ dataDir: root, keyFile })).rejects.toThrow(/set both the signing key file and the certificate chain file/);
  });

  it('refuses a key that is not the signing certificate’s', async () => {
    const other = join(root, 'other.key.pem');
    writeFileSync(other, generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }));
    await expect(ensureSigningCredentials({ dataDir: root, keyFile: other, chainFile })).rejects.toThrow(/signing key does not match the first certificate/);
  });

  it('refuses a chain whose certificates are out of order', async () => {
    const reversed = join(root, 'reversed.pem');
    const certs = readFileSync(chainFile, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g)!;
    writeFileSync(reversed, [...certs].reverse().join('\n'));
    await expect(ensureSigningCredentials({ dataDir: root, keyFile, chainFile: reversed })).rejects.toThrow(SigningCredentialsError);
  });

  it('refuses a self-signed signing certificate', async () => {
    const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: '01',
      name: 'CN=Self',
      keys,
      signingAlgorithm: alg,
      extensions: [new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true), new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection])],
    });
    const files = { keyFile: join(root, 'self.key'), chainFile: join(root, 'self.pem') };
    writeFileSync(files.keyFile, x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY'));
    writeFileSync(files.chainFile, cert.toString('pem'));
    await expect(ensureSigningCredentials({ dataDir: root, ...files })).rejects.toThrow(/self-signed; C2PA readers reject that/);
  });

  it('refuses an expired chain, naming the dates', async () => {
    await expect(ensureSigningCredentials({ dataDir: root, keyFile, chainFile, now: new Date('2099-01-01') })).rejects.toThrow(/is valid only from .* to /);
  });

  it('refuses a file that holds no key', async () => {
    await expect(ensureSigningCredentials({ dataDir: root, keyFile: chainFile, chainFile })).rejects.toThrow(/holds no private key/);
  });
});

/** A CA and an RSA signing certificate from it, written as an operator would supply them. */
async function makeChain(folder: string, alg: webcrypto.RsaHashedKeyGenParams) {
  const { mkdirSync } = await import('node:fs');
  mkdirSync(folder, { recursive: true });
  const caAlg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const caKeys = (await webcrypto.subtle.generateKey(caAlg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Test CA, O=Test',
    keys: caKeys,
    signingAlgorithm: caAlg,
    extensions: [new x509.BasicConstraintsExtension(true, 0, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign, true)],
  });
  const keys = (await webcrypto.subtle.generateKey(alg, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=RSA signer, O=Test',
    issuer: ca.subject,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: caAlg,
    extensions: [
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  const keyFile = join(folder, 'key.pem');
  const chainFile = join(folder, 'chain.pem');
  writeFileSync(keyFile, createPrivateKey({ key: Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)), format: 'der', type: 'pkcs8' }).export({ type: 'pkcs1', format: 'pem' }));
  writeFileSync(chainFile, `${leaf.toString('pem')}\n${ca.toString('pem')}\n`);
  return { keyFile, chainFile };
}
