import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AppConfigResponse, GoogleLoginBody, GoogleUnknownUser, LoginError, LoginResponse, LogoutBody, ManualLoginBody, RefreshBody,
  RefreshResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { LOGIN_ACCOUNT_CEILING, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, LOGIN_SLOW_INTERVAL_MS, MESSAGES, normalizeEmail } from '../../auth/rules.ts';
import { newOpaqueToken, sha256 } from '../../auth/secrets.ts';
import { issueSession, revokeRefreshToken, rotateRefreshToken, type IssuedSession } from '../../auth/sessions.ts';
import { loginFailuresRepository, type FailureStats } from '../../db/repositories/login-failures.ts';
import { pendingSignupsRepository } from '../../db/repositories/pending-signups.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { HttpError } from '../../http-error.ts';
import { findGoogleUser, nameOrEmpty, verifyCredential } from './google.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['auth'];

/** The login answer: guide flags in profile and, as the spec's login screens read them, at the top level. */
const loginAnswer = (session: IssuedSession) => ({
  ...session,
  guide_tour_video_seen: session.profile.guide_tour_video_seen,
  guide_tour_image_seen: session.profile.guide_tour_image_seen,
  guide_tour_face_seen: session.profile.guide_tour_face_seen,
});

/**
 * The brute-force limits, before any password is checked: 10 failures per (account, client address)
 * refuse that address for the window; 100 per account from everywhere slow the account to one
 * check per interval, so a distributed guesser is slowed while the owner still gets in.
 */
function checkFailureLimits(stats: FailureStats, now: number): void {
  if (stats.fromAddress >= LOGIN_MAX_FAILURES) throw new HttpError(429, MESSAGES.tooManyLogins);
  if (stats.total >= LOGIN_ACCOUNT_CEILING && stats.last) {
    const waitMs = Date.parse(stats.last) + LOGIN_SLOW_INTERVAL_MS - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw Object.assign(new HttpError(429, MESSAGES.accountSlowed(seconds)), { headers: { 'retry-after': String(seconds) } });
    }
  }
}

/** Password and Google login, token refresh and logout. */
const login: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepository(app.db);
  const failures = loginFailuresRepository(app.db);
  const pending = pendingSignupsRepository(app.db);

  app.post(
    '/manual_login/',
    {
      config: {
        // Per client address over all accounts, on top of the per-account limits below.
        rateLimit: { max: 30, timeWindow: '15 minutes', errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyLogins }) },
      },
      schema: { tags: TAGS, summary: 'Sign in with email and password', body: ManualLoginBody, response: { ...withErrors({ 200: LoginResponse }, 404, 429), 400: LoginError } },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const ip = request.ip;
      const now = app.now();
      const windowStart = isoAt(now - LOGIN_FAILURE_WINDOW_MS);
      checkFailureLimits(await failures.stats(email, ip, windowStart), now);
      const user = await users.findByEmail(email);
      // A sign-up not yet verified can be finished by whoever knows its password (the newest attempt).
      const signup = user ? undefined : await pending.newestLive(email, isoAt(now));
      // Always one argon2 verify (a dummy one without a user): unknown emails answer in the same time.
      const ok = await verifyPassword(user?.password_hash ?? signup?.password_hash, request.body.password);
      if (!ok) {
        await failures.record(email, ip, isoAt(now), windowStart);
        if (!user && !signup) throw new HttpError(404, MESSAGES.noUser, 'email');
        throw new HttpError(400, MESSAGES.invalidPassword, 'password');
      }
      await failures.clearAddress(email, ip);
      if (signup) {
        const signupToken = newOpaqueToken();
        await pending.setToken(signup.id, sha256(signupToken));
        return reply.code(400).send({ error: MESSAGES.unverified, field: 'email', signup_token: signupToken });
      }
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email'); // unreachable: no user never verifies
      return loginAnswer(await issueSession(app, user));
    },
  );

  app.post(
    '/login_profile_with_google/',
    {
      config: { rateLimit: { max: 60, timeWindow: '15 minutes' } },
      schema: {
        tags: TAGS,
        summary: 'Sign in with a Google ID token; 404 with the verified email and name for an unknown user',
        body: GoogleLoginBody,
        response: { ...withErrors({ 200: LoginResponse }, 400, 401, 429), 404: GoogleUnknownUser },
      },
    },
    async (request, reply) => {
      const identity = await verifyCredential(app, request.body.credential);
      const user = await findGoogleUser(app, identity);
      if (!user) return reply.code(404).send({ error: MESSAGES.noUser, email: identity.email, name: nameOrEmpty(identity) });
      return loginAnswer(await issueSession(app, user));
    },
  );

  app.post(
    '/refresh/',
    {
      config: { rateLimit: { max: 120, timeWindow: '15 minutes' } },
      schema: { tags: TAGS, summary: 'Rotate a refresh token: a new access and refresh token', body: RefreshBody, response: withErrors({ 200: RefreshResponse }, 400, 401, 429) },
    },
    async (request) => rotateRefreshToken(app, request.body.refresh_token),
  );

  app.post(
    '/logout/',
    { schema: { tags: TAGS, summary: 'Sign out the session of this refresh token', body: LogoutBody, response: withErrors({ 204: Type.Null() }, 400) } },
    async (request, reply) => {
      await revokeRefreshToken(app, request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/app_config/',
    { schema: { tags: TAGS, summary: 'Public settings the page needs (Google client id, or null to hide Google sign-in)', response: withErrors({ 200: AppConfigResponse }) } },
    async () => ({ google_client_id: app.config.googleClientId }),
  );
};

export default login;
