import { SignJWT, errors, jwtVerify } from 'jose';

/** Access tokens: HS256 JWTs, 15 minutes, `sub` = user id. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
const ISSUER = 'persona-studio';
const AUDIENCE = 'persona-studio-api';

export interface AccessClaims {
  userId: string;
  email: string;
}

const keyFor = (secret: string): Uint8Array => new TextEncoder().encode(secret);

export function signAccessToken(secret: string, claims: AccessClaims, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ email: claims.email })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_S)
    .sign(keyFor(secret));
}

/** The claims of a valid token, or null for anything else (bad signature, expired, malformed). */
export async function verifyAccessToken(secret: string, token: string, nowMs: number): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return { userId: payload.sub, email: payload.email };
  } catch (err) {
    if (err instanceof errors.JOSEError) return null;
    throw err;
  }
}
