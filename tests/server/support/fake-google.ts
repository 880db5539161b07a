// A stand-in for Google's sign-in keys: serves a JWKS on 127.0.0.1 and signs ID tokens with the
// matching RS256 key, so tests exercise the real verification path (fetch, signature, claims).
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload } from 'jose';

export const FAKE_GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface FakeGoogle {
  jwksUrl: string;
  /** How many times the JWKS was fetched. */
  readonly fetches: number;
  /** Signs an ID token; claims override the defaults (valid for 1 h from `nowMs`, verified email). */
  idToken(claims?: Partial<GoogleClaims>, options?: { nowMs?: number; expiresInS?: number; key?: 'trusted' | 'stranger' }): Promise<string>;
  close(): Promise<void>;
}

export interface GoogleClaims extends JWTPayload {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  iss: string;
  aud: string;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const trusted = await generateKeyPair('RS256');
  // A key that is not in the JWKS: tokens it signs must be rejected.
  const stranger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(trusted.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server: Server = createServer((req, res) => {
    fetches += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    get fetches() {
      return fetches;
    },
    async idToken(claims = {}, options = {}) {
      const nowS = Math.floor((options.nowMs ?? Date.now()) / 1000);
      const { iss = 'https://accounts.google.com', aud = FAKE_GOOGLE_CLIENT_ID, ...rest } = claims;
      const payload = {
        sub: '1098765432101234567890',
        email: 'maya.google@example.com',
        email_verified: true,
        name: 'Maya Rao',
        picture: 'https://example.com/maya.png',
        ...rest,
      };
      const key = options.key === 'stranger' ? stranger.privateKey : trusted.privateKey;
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
        .setIssuer(iss)
        .setAudience(aud)
        .setIssuedAt(nowS)
        .setExpirationTime(nowS + (options.expiresInS ?? 3600))
        .sign(key);
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
