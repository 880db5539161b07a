import { webcrypto } from 'node:crypto';
import { SignJWT, errors, jwtVerify } from 'jose';

/**
 * Access tokens: HS256 JWTs, 15 minutes, `sub` = user id, `sid` = the session (refresh token family),
 * `cv` = the user's credentials version when issued. Either going stale ends the token early.
 */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = 'persona-studio';
const AUDIENCE = 'persona-studio-api';

export interface AccessClaims {
  userId: string;
  email: string;
  sessionId: string;
  credentialsVersion: number;
}

const keys = new Map<string, Promise<webcrypto.CryptoKey>>();

/** The secret as an HMAC key, imported once (jose would import raw bytes again on every call). */
function keyFor(secret: string): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: string, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ email: claims.email, sid: claims.sessionId, cv: claims.credentialsVersion })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(await keyFor(secret));
}

/** How many verified tokens each process remembers (a signed-in page sends the same one for up to 15 minutes). */
const VERIFIED_KEPT = 10_000;

/** Tokens whose signature and fixed claims checked out, by their exact text: only their expiry is left to check again. */
const verified = new Map<string, { secret: string; claims: AccessClaims; exp: number }>();

/**
 * The claims of a valid token, or null for anything else (bad signature, expired, malformed). A
 * token already verified with this secret is not verified again (its HMAC cost ~6% of the API's CPU
 * under load): the same text has the same signature, so only its expiry is checked anew. Whether its
 * session still lives is the caller's check, on every request.
 */
export async function verifyAccessToken(secret: string, token: string, nowMs: number): Promise<AccessClaims | null> {
  const known = verified.get(token);
  if (known?.secret === secret) return known.exp > Math.floor(nowMs / 1000) ? known.claims : null;
  try {
    const { payload } = await jwtVerify(token, await keyFor(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp'],
    });
    const { sub, email, sid, cv, exp } = payload;
    // Tokens from before sessions were named carry no sid: the page refreshes them.
    if (typeof sub !== 'string' || typeof email !== 'string' || typeof sid !== 'string' || !Number.isSafeInteger(cv)) return null;
    const claims: AccessClaims = { userId: sub, email, sessionId: sid, credentialsVersion: cv as number };
    // Oldest first out; jwtVerify required exp and checked it is a number.
    if (verified.size >= VERIFIED_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { secret, claims, exp: exp! });
    return claims;
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
