// Secrets the server must read back (webhook signing secrets: signing needs them as they are) are
// kept sealed: AES-256-GCM under a key derived from the server secret (JWT_SECRET or
// DATA_DIR/secret.key) by HKDF-SHA256 for one purpose, so the token-signing key and this one never
// coincide. Each sealed text names its key by a short id: after the server secret is changed,
// JWT_SECRET_PREVIOUS still opens what the old one sealed, and the start seals it again.
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'sealed:v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

interface Key {
  id: string;
  bytes: Buffer;
}

export interface SecretBox {
  /** `sealed:v1:<key id>:<base64url(iv | ciphertext | tag)>`; `context` (e.g. the row's id) must be given again to open it. */
  seal(plain: string, context: string): string;
  /** The plain text, or null when it is not sealed under a key this box holds (or was altered). */
  open(sealed: string, context: string): string | null;
  /** Sealed under the current key: nothing to do at a rotation. */
  isCurrent(sealed: string): boolean;
}

function keyFor(secret: string, purpose: string): Key {
  const bytes = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `persona-studio ${purpose}`, 32));
  return { bytes, id: createHmac('sha256', bytes).update('key id').digest('hex').slice(0, 12) };
}

export const isSealed = (text: string): boolean => text.startsWith(`${VERSION}:`);

/** A box for `purpose` under the current server secret, opening also what `previous` sealed. */
export function secretBox(purpose: string, current: string, previous: string | null = null): SecretBox {
  const key = keyFor(current, purpose);
  const keys = new Map([key, ...(previous ? [keyFor(previous, purpose)] : [])].map((k) => [k.id, k]));
  const aad = (context: string) => Buffer.from(`${purpose}\u0000${context}`);
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key.bytes, iv).setAAD(aad(context));
      const body = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${key.id}:${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, v, id, data] = sealed.split(':');
      const found = `${version}:${v}` === VERSION && id !== undefined ? keys.get(id) : undefined;
      if (!found || data === undefined) return null;
      const body = Buffer.from(data, 'base64url');
      if (body.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', found.bytes, body.subarray(0, IV_BYTES)).setAAD(aad(context));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([decipher.update(body.subarray(IV_BYTES, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
    isCurrent: (sealed) => sealed.startsWith(`${VERSION}:${key.id}:`),
  };
}
