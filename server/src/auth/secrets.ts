import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret (refresh and reset tokens): 32 random bytes, base64url. */
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of an opaque token: its SHA-256 (the token itself has 256 bits of entropy). */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Six digits from the CSPRNG, leading zeros kept. */
export const newOtpCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A one-time code has only 10^6 values, so a plain hash would be reversed by trying them all:
 * key it with the server secret and the address (HMAC-SHA256).
 */
export const hashOtp = (secret: string, email: string, code: string): string =>
  createHmac('sha256', secret).update(`otp:${email}:${code}`).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
