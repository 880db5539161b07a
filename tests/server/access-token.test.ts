// Access tokens: a token verified once is remembered by its exact text, so only its expiry is
// checked again; another secret, another text or a passed expiry still answer null.
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_S, signAccessToken, verifyAccessToken } from '../../server/src/auth/access-token.ts';

const SECRET = 'a-secret-of-enough-length-for-hs256-000';
const claims = { userId: 'u1', email: 'ana@example.com', sessionId: 's1', credentialsVersion: 3 };
const T0 = Date.parse('2026-11-26T10:00:00.000Z');

describe('access tokens', () => {
  it('verifies a token, remembers it, and still ends it at its expiry', async () => {
    const token = await signAccessToken(SECRET, claims, T0);
    expect(await verifyAccessToken(SECRET, token, T0)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, T0 + 60_000)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, T0 + (ACCESS_TOKEN_TTL_S - 1) * 1000)).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, T0 + ACCESS_TOKEN_TTL_S * 1000)).toBeNull();
    // Remembered under its secret only.
    expect(await verifyAccessToken(`${SECRET}-rotated`, token, T0)).toBeNull();
  });

  it('refuses a changed token, a token of another secret and one expired before it was first seen', async () => {
    const token = await signAccessToken(SECRET, claims, T0);
    expect(await verifyAccessToken(SECRET, token, T0)).toEqual(claims);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'u2' })).toString('base64url');
    expect(await verifyAccessToken(SECRET, `${header}.${forged}.${signature}`, T0)).toBeNull();
    expect(await verifyAccessToken(SECRET, await signAccessToken('another-secret-of-enough-length-000000', claims, T0), T0)).toBeNull();
    const old = await signAccessToken(SECRET, claims, T0 - ACCESS_TOKEN_TTL_S * 1000);
    expect(await verifyAccessToken(SECRET, old, T0)).toBeNull();
  });
});
