import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

/** What we take from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
  picture: string | null;
}

export class GoogleTokenError extends Error {
  constructor(reason: string) {
    super(`Google ID token rejected: ${reason}`);
    this.name = 'GoogleTokenError';
  }
}

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type GoogleVerifier = (credential: string) => Promise<GoogleIdentity>;

/**
 * Verifies `<GoogleLogin>` credentials: RS256 signature against Google's JWKS (fetched and cached by
 * jose), audience = our client id, Google as issuer, not expired, and an email Google has verified.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string; now: () => number }): GoogleVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: 5000 });
  return async (credential) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(credential, jwks, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: ISSUERS,
        currentDate: new Date(options.now()),
        requiredClaims: ['sub', 'exp', 'email'],
      }));
    } catch (err) {
      if (err instanceof errors.JOSEError || err instanceof TypeError) throw new GoogleTokenError(err.message);
      throw err;
    }
    if (payload.email_verified !== true && payload.email_verified !== 'true') throw new GoogleTokenError('email not verified');
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new GoogleTokenError('sub or email missing');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      name: typeof payload.name === 'string' ? payload.name : null,
      picture: typeof payload.picture === 'string' ? payload.picture : null,
    };
  };
}
