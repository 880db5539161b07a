// A stand-in for Google's sign-in keys: serves a JWKS on a local port and signs ID tokens with
// the matching private key, so the real server verifies them exactly as it would Google's.
// Start the server with GOOGLE_CLIENT_ID = fake.clientId and GOOGLE_JWKS_URL = fake.jwksUrl.
import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface GoogleUser {
  email: string;
  name: string;
  sub?: string;
  email_verified?: boolean;
}

export interface FakeGoogle {
  clientId: string;
  jwksUrl: string;
  /** An ID token like `<GoogleLogin>` yields; `overrides` can spoil claims for negative tests. */
  sign: (user: GoogleUser, overrides?: { audience?: string; issuer?: string; expiresIn?: string }) => Promise<string>;
  stop: () => Promise<void>;
}

export async function startFakeGoogle(clientId = 'persona-e2e.apps.googleusercontent.com'): Promise<FakeGoogle> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'persona-e2e-key';
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const server: Server = createServer((req, res) => {
    if (req.url === '/oauth2/v3/certs') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const sign = (user: GoogleUser, overrides: { audience?: string; issuer?: string; expiresIn?: string } = {}) =>
    new SignJWT({
      email: user.email,
      email_verified: user.email_verified ?? true,
      name: user.name,
      given_name: user.name.split(' ')[0],
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(overrides.issuer ?? 'https://accounts.google.com')
      .setAudience(overrides.audience ?? clientId)
      .setSubject(user.sub ?? `google-${user.email}`)
      .setIssuedAt()
      .setExpirationTime(overrides.expiresIn ?? '1h')
      .sign(privateKey as CryptoKey);

  return {
    clientId,
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    sign,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
