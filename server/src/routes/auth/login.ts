import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AppConfigResponse, GoogleLoginBody, GoogleUnknownUser, LoginResponse, LogoutBody, ManualLoginBody, RefreshBody,
  RefreshResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, MESSAGES, isoAt, normalizeEmail } from '../../auth/rules.ts';
import { issueSession, revokeRefreshToken, rotateRefreshToken, type IssuedSession } from '../../auth/sessions.ts';
import { loginFailuresRepository } from '../../db/repositories/login-failures.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { HttpError } from '../../http-error.ts';
import { findGoogleUser, nameOrEmpty, verifyCredential } from './google.ts';

const TAGS = ['auth'];

/** The login answer: guide flags in profile and, as the spec's login screens read them, at the top level. */
const loginAnswer = (session: IssuedSession) => ({
  ...session,
  guide_tour_video_seen: session.profile.guide_tour_video_seen,
  guide_tour_image_seen: session.profile.guide_tour_image_seen,
  guide_tour_face_seen: session.profile.guide_tour_face_seen,
});

/** Password and Google login, token refresh and logout. */
const login: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepository(app.db);
  const failures = loginFailuresRepository(app.db);

  app.post(
    '/manual_login/',
    {
      config: {
        // Per client address, on top of the per-account limit below.
        rateLimit: { max: 30, timeWindow: '15 minutes', errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyLogins }) },
      },
      schema: { tags: TAGS, summary: 'Sign in with email and password', body: ManualLoginBody, response: withErrors({ 200: LoginResponse }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const now = app.now();
      const windowStart = isoAt(now - LOGIN_FAILURE_WINDOW_MS);
      if ((await failures.countSince(email, windowStart)) >= LOGIN_MAX_FAILURES) throw new HttpError(429, MESSAGES.tooManyLogins);
      const user = await users.findByEmail(email);
      // Always one argon2 verify (a dummy one without a user): unknown emails answer in the same time.
      const ok = await verifyPassword(user?.password_hash, request.body.password);
      if (!ok) {
        await failures.record(email, isoAt(now), windowStart);
        if (!user) throw new HttpError(404, MESSAGES.noUser, 'email');
        throw new HttpError(400, MESSAGES.invalidPassword, 'password');
      }
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email'); // unreachable: no user never verifies
      if (!user.email_verified) throw new HttpError(400, MESSAGES.unverified, 'email');
      await failures.clear(email);
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
