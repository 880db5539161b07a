// The key and certificate chain Content Credentials are signed with, chosen once at start:
// the operator's own PEM files when both are configured, otherwise a local CA and a signing
// certificate made once into <dataDir>/c2pa/ and reused. A self-made chain is on no trust list:
// verifiers show the credentials as coming from an unknown signer (README, Content Credentials).
import { createPrivateKey, createPublicKey, webcrypto, type KeyObject } from 'node:crypto';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { CoseAlgorithmIdentifier } from '@trustnxt/c2pa-ts/cose';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

/** The settings this step reads (plain arguments: config stays free of side effects). */
export interface SigningCredentialsOptions {
  /** The data folder; the local chain lives in <dataDir>/c2pa/. */
  dataDir: string;
  /** The operator's private key (PEM, PKCS#8 or SEC1/PKCS#1). Needs chainFile. */
  keyFile?: string;
  /** The operator's certificate chain (PEM, signing certificate first, then its issuers). Needs keyFile. */
  chainFile?: string;
  /** Organisation named in a locally made chain's subjects. */
  organization?: string;
  /** For tests: the time the chain is checked (and a local one made) at. */
  now?: Date;
}

/** What a signer needs: the key, the chain (signing certificate first) and the COSE algorithm. */
export interface SigningCredentials {
  key: KeyObject;
  chain: x509.X509Certificate[];
  algorithm: CoseAlgorithmIdentifier;
  /** Where they came from: the operator's files, or the local chain (made now or earlier). */
  source: 'operator' | 'local-created' | 'local-reused';
}

export class SigningCredentialsError extends Error {
  override name = 'SigningCredentialsError';
}

const LOCAL_FOLDER = 'c2pa';
const FILES = { caKey: 'ca.key.pem', caCert: 'ca.cert.pem', key: 'signer.key.pem', chain: 'signer.chain.pem' } as const;
const DAY = 86_400_000;
/** A local signing certificate this close to its end is replaced (from the same local CA). */
const RENEW_BEFORE = 30 * DAY;
const EC_P256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
// C2PA readers accept these extended key usages for a signing certificate; anyExtendedKeyUsage is refused.
const SIGNING_EKUS = new Set<string>([
  x509.ExtendedKeyUsage.emailProtection,
  '1.3.6.1.4.1.311.10.3.12', // Microsoft document signing
  '1.3.6.1.5.5.7.3.36', // id-kp-documentSigning
  '1.3.6.1.4.1.62558.2.1', // C2PA claim signing
  x509.ExtendedKeyUsage.timeStamping,
  x509.ExtendedKeyUsage.ocspSigning,
]);

/**
 * The start-time step that chooses the signing credentials (see the file comment). Throws a
 * SigningCredentialsError naming the problem when the operator's files do not fit together.
 */
export async function ensureSigningCredentials(options: SigningCredentialsOptions): Promise<SigningCredentials> {
  const now = options.now ?? new Date();
  if (options.keyFile || options.chainFile) {
    if (!options.keyFile || !options.chainFile)
      throw new SigningCredentialsError('Content Credentials: set both the signing key file and the certificate chain file, or neither (a local chain is then made).');
    return loadOperatorCredentials(options.keyFile, options.chainFile, now);
  }
  return ensureLocalCredentials(join(options.dataDir, LOCAL_FOLDER), options.organization ?? 'Persona Studio', now);
}

async function loadOperatorCredentials(keyFile: string, chainFile: string, now: Date): Promise<SigningCredentials> {
  const keyPem = await readFile(keyFile, 'utf8').catch((error: Error) => {
    throw new SigningCredentialsError(`Content Credentials: cannot read the signing key file ${keyFile}: ${error.message}`);
  });
  const chainPem = await readFile(chainFile, 'utf8').catch((error: Error) => {
    throw new SigningCredentialsError(`Content Credentials: cannot read the certificate chain file ${chainFile}: ${error.message}`);
  });
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch (error) {
    throw new SigningCredentialsError(`Content Credentials: ${keyFile} holds no private key in PEM form (${(error as Error).message}).`);
  }
  const chain = parseChain(chainPem, chainFile);
  await checkCredentials(key, chain, now, chainFile);
  return { key, chain, algorithm: algorithmOf(key, keyFile), source: 'operator' };
}

function parseChain(pem: string, file: string): x509.X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new SigningCredentialsError(`Content Credentials: ${file} holds no PEM certificate.`);
  return blocks.map((block, index) => {
    try {
      return new x509.X509Certificate(block);
    } catch (error) {
      throw new SigningCredentialsError(`Content Credentials: certificate ${index + 1} in ${file} cannot be read (${(error as Error).message}).`);
    }
  });
}

/** The COSE algorithm the key signs with: ES256/384/512 by curve, PS256 for RSA, Ed25519. */
export function algorithmOf(key: KeyObject, where = 'the signing key'): CoseAlgorithmIdentifier {
  const type = key.asymmetricKeyType;
  if (type === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === 'prime256v1') return CoseAlgorithmIdentifier.ES256;
    if (curve === 'secp384r1') return CoseAlgorithmIdentifier.ES384;
    if (curve === 'secp521r1') return CoseAlgorithmIdentifier.ES512;
    throw new SigningCredentialsError(`Content Credentials: ${where} uses the curve ${curve}; C2PA allows P-256, P-384 or P-521.`);
  }
  if (type === 'rsa' || type === 'rsa-pss') {
    if ((key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) throw new SigningCredentialsError(`Content Credentials: ${where} is an RSA key shorter than 2048 bits.`);
    return CoseAlgorithmIdentifier.PS256;
  }
  if (type === 'ed25519') return CoseAlgorithmIdentifier.Ed25519;
  throw new SigningCredentialsError(`Content Credentials: ${where} is a ${type} key; C2PA signs with ECDSA, RSA-PSS or Ed25519.`);
}

/**
 * The checks a C2PA reader makes of the signer, made at start so a bad file stops the server
 * with a clear message instead of every output carrying invalid credentials.
 */
export async function checkCredentials(key: KeyObject, chain: x509.X509Certificate[], now: Date, where = 'the certificate chain'): Promise<void> {
  const [leaf] = chain;
  const fail = (message: string): never => {
    throw new SigningCredentialsError(`Content Credentials: ${message}`);
  };
  const keySpki = createPublicKey(key).export({ type: 'spki', format: 'der' });
  if (!Buffer.from(leaf.publicKey.rawData).equals(keySpki))
    fail(`the signing key does not match the first certificate in ${where} (${leaf.subject}); put the signing certificate first.`);
  if (await leaf.isSelfSigned()) fail(`the signing certificate ${leaf.subject} is self-signed; C2PA readers reject that. Sign it with a CA and list the CA after it.`);
  const usage = leaf.getExtension(x509.KeyUsagesExtension);
  if (!usage || !(usage.usages & x509.KeyUsageFlags.digitalSignature)) fail(`the signing certificate ${leaf.subject} lacks the digitalSignature key usage.`);
  const eku = leaf.getExtension(x509.ExtendedKeyUsageExtension);
  if (!eku || !eku.usages.some((oid) => SIGNING_EKUS.has(String(oid))))
    fail(`the signing certificate ${leaf.subject} needs an extended key usage C2PA accepts (emailProtection or document signing).`);
  if (eku?.usages.some((oid) => String(oid) === '2.5.29.37.0')) fail(`the signing certificate ${leaf.subject} must not carry anyExtendedKeyUsage.`);
  const basic = leaf.getExtension(x509.BasicConstraintsExtension);
  if (basic?.ca) fail(`the signing certificate ${leaf.subject} is a CA certificate; sign with an end-entity certificate.`);
  for (const [index, cert] of chain.entries()) {
    if (cert.notBefore > now || cert.notAfter < now)
      fail(`certificate ${index + 1} in ${where} (${cert.subject}) is valid only from ${cert.notBefore.toISOString()} to ${cert.notAfter.toISOString()}.`);
    const issuer = chain[index + 1];
    if (!issuer) break;
    if (cert.issuer !== issuer.subject || !(await cert.verify({ publicKey: issuer.publicKey, signatureOnly: true })))
      fail(`certificate ${index + 1} in ${where} (${cert.subject}) is not issued by the next one (${issuer.subject}); list the chain from the signing certificate up.`);
  }
}

const localPaths = (folder: string) =>
  Object.fromEntries(Object.entries(FILES).map(([name, file]) => [name, join(folder, file)])) as Record<keyof typeof FILES, string>;

async function ensureLocalCredentials(folder: string, organization: string, now: Date): Promise<SigningCredentials> {
  const paths = localPaths(folder);
  const existing = await readLocal(paths);
  const reusable = existing?.signer;
  if (reusable && reusable.chain[0].notAfter.getTime() - now.getTime() > RENEW_BEFORE) {
    await checkCredentials(reusable.key, reusable.chain, now, paths.chain);
    return { ...reusable, algorithm: algorithmOf(reusable.key), source: 'local-reused' };
  }
  if (!existing) return createLocalCredentials(folder, organization, now);
  // The CA is kept (key 0600) so a renewed signing certificate chains to the same root.
  let ca = existing.ca;
  if (ca.cert.notAfter.getTime() - now.getTime() <= RENEW_BEFORE) {
    ca = await makeCa(organization, now);
    await writePrivate(paths.caKey, ca.keyPem);
    await writePublic(paths.caCert, ca.cert.toString('pem'));
  }
  return writeSigner(paths, ca, organization, now);
}

/**
 * The first start: the whole chain is made in a folder of its own, then renamed into place, so
 * processes starting together on one data folder (an API and a worker) end up with one chain:
 * the rename of a later one fails on the folder the first put there, and it reads that.
 */
async function createLocalCredentials(folder: string, organization: string, now: Date): Promise<SigningCredentials> {
  const staging = `${folder}.new-${process.pid}-${serial().slice(2, 10)}`;
  await mkdir(staging, { recursive: true, mode: 0o700 });
  try {
    const paths = localPaths(staging);
    const ca = await makeCa(organization, now);
    await writePrivate(paths.caKey, ca.keyPem);
    await writePublic(paths.caCert, ca.cert.toString('pem'));
    const made = await writeSigner(paths, ca, organization, now);
    await rename(staging, folder);
    return made;
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return ensureLocalCredentials(folder, organization, now);
    throw error;
  }
}

async function writeSigner(paths: Record<keyof typeof FILES, string>, ca: LocalCa, organization: string, now: Date): Promise<SigningCredentials> {
  const leaf = await makeSigner(ca, organization, now);
  await writePrivate(paths.key, leaf.keyPem);
  await writePublic(paths.chain, `${leaf.cert.toString('pem')}\n${ca.cert.toString('pem')}\n`);
  const key = createPrivateKey(leaf.keyPem);
  const chain = [leaf.cert, ca.cert];
  await checkCredentials(key, chain, now, paths.chain);
  return { key, chain, algorithm: CoseAlgorithmIdentifier.ES256, source: 'local-created' };
}

interface LocalCa {
  keys: CryptoKeyPair;
  keyPem: string;
  cert: x509.X509Certificate;
}

async function readLocal(paths: Record<keyof typeof FILES, string>): Promise<{ ca: LocalCa; signer?: { key: KeyObject; chain: x509.X509Certificate[] } } | undefined> {
  const read = (path: string) => readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? undefined : Promise.reject(error)));
  const [caKeyPem, caCertPem, keyPem, chainPem] = await Promise.all([read(paths.caKey), read(paths.caCert), read(paths.key), read(paths.chain)]);
  if (!caKeyPem || !caCertPem) return undefined;
  const caCert = new x509.X509Certificate(caCertPem);
  const caPrivate = await webcrypto.subtle.importKey('pkcs8', pemBody(caKeyPem), EC_P256, false, ['sign']);
  const ca: LocalCa = { keys: { privateKey: caPrivate, publicKey: await caCert.publicKey.export() } as CryptoKeyPair, keyPem: caKeyPem, cert: caCert };
  if (!keyPem || !chainPem) return { ca };
  return { ca, signer: { key: createPrivateKey(keyPem), chain: parseChain(chainPem, paths.chain) } };
}

async function makeCa(organization: string, now: Date): Promise<LocalCa> {
  const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${organization} local Content Credentials CA, O=${organization}`,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + 20 * 365 * DAY),
    keys,
    signingAlgorithm: EC_P256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { keys, keyPem: await pkcs8Pem(keys.privateKey), cert };
}

async function makeSigner(ca: LocalCa, organization: string, now: Date) {
  const keys = (await webcrypto.subtle.generateKey(EC_P256, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: `CN=${organization} Content Credentials signer, O=${organization}`,
    issuer: ca.cert.subject,
    notBefore: new Date(now.getTime() - DAY),
    notAfter: new Date(now.getTime() + 5 * 365 * DAY),
    signingKey: ca.keys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: EC_P256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection], false),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca.cert),
    ],
  });
  return { keyPem: await pkcs8Pem(keys.privateKey), cert };
}

const serial = () => '01' + Buffer.from(webcrypto.getRandomValues(new Uint8Array(15))).toString('hex');

async function pkcs8Pem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

function pemBody(pem: string): ArrayBuffer {
  return x509.PemConverter.decodeFirst(pem);
}

async function writePrivate(path: string, content: string): Promise<void> {
  // Written beside, then renamed: a crash never leaves half a key that a later start would trust.
  await writeFile(`${path}.tmp`, content, { mode: 0o600 });
  await chmod(`${path}.tmp`, 0o600);
  await rename(`${path}.tmp`, path);
}

async function writePublic(path: string, content: string): Promise<void> {
  await writeFile(`${path}.tmp`, content, { mode: 0o644 });
  await rename(`${path}.tmp`, path);
}
