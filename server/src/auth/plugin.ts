import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { globalPlugin } from '../plugins/global-plugin.ts';
import { tokensRepository } from '../db/repositories/tokens.ts';
import { HttpError } from '../http-error.ts';
import { authenticationRequired } from './rules.ts';
import { verifyAccessToken } from './access-token.ts';
import { createGoogleVerifier, type GoogleVerifier } from './google.ts';
import { warmUpPasswords } from './passwords.ts';
import { apiKeyAuthenticator, isApiKey } from '../developer/keys.ts';

/** The signed-in user of a request, set by `app.authenticate`. */
export interface AuthUser {
  id: string;
  email: string;
  /** Set when the request came with a personal API key instead of a session (developer/keys.ts). */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The current time in ms; injectable (AppDeps.now) so tests can move the clock. */
    now: () => number;
    /**
     * preHandler for signed-in routes: `{ preHandler: app.authenticate }`. Answers 401
     * 'Authentication required.' without a valid bearer token, and 403 when the body carries a
     * user_id that is not the token's user. Sets `request.user`.
     */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Google ID token verification, or null when GOOGLE_CLIENT_ID is not set. */
    verifyGoogleCredential: GoogleVerifier | null;
  }
  interface FastifyRequest {
    /** Set by app.authenticate; null on routes that do not use it. */
    user: AuthUser | null;
  }
}

/** The signed-in user, for handlers behind app.authenticate (throws 401 if the hook did not run). */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new HttpError(401, 'Authentication required.');
  return request.user;
}

/** 403 unless `userId` (from a body, query or path) is the signed-in user's. */
export function assertSameUser(request: FastifyRequest, userId: unknown): void {
  const user = requireUser(request);
  if (userId !== undefined && userId !== null && String(userId) !== user.id) throw new HttpError(403, 'Forbidden');
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.]+)\s*$/i;

/** Clock, bearer authentication and Google verification for every area. Register once, globally. */
export const authPlugin = globalPlugin<{ now?: () => number }>(async (app, options) => {
  const now = options.now ?? Date.now;
  app.decorate('now', now);
  app.decorateRequest('user', null);

  const { googleClientId, googleJwksUrl } = app.config;
  app.decorate('verifyGoogleCredential', googleClientId ? createGoogleVerifier({ clientId: googleClientId, jwksUrl: googleJwksUrl, now }) : null);

  const sessions = tokensRepository(app.db);
  const withApiKey = apiKeyAuthenticator(app);
  app.decorate('authenticate', async (request: FastifyRequest, reply: FastifyReply) => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (token && isApiKey(token)) {
      await withApiKey(request, reply, token);
    } else {
      const claims = token ? await verifyAccessToken(app.config.jwtSecret, token, now()) : null;
      const user = claims && (await sessions.liveSessionUser(claims.userId, claims.credentialsVersion, claims.sessionId));
      if (!user) throw authenticationRequired();
      request.user = { id: user.id, email: user.email };
    }
    const body = request.body as { user_id?: unknown } | null | undefined;
    if (body && typeof body === 'object') assertSameUser(request, body.user_id);
  });

  // The first unknown-email login must not answer faster than later ones.
  app.addHook('onReady', warmUpPasswords);
});
