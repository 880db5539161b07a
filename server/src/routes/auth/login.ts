import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AppConfigResponse, GoogleLoginBody, GoogleUnknownUser, LoginError, LoginResponse, LogoutBody, ManualLoginBody, RefreshBody,
  RefreshResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { MESSAGES, normalizeEmail } from '../../auth/rules.ts';
import { revokeRefreshToken, rotateRefreshToken, type IssuedSession } from '../../auth/sessions.ts';

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
  app.post(
    '/manual_login/',
    {
      config: {
        // Per client address over all accounts, on top of the per-account limits (accounts/login.ts).
        rateLimit: { max: 30, timeWindow: '15 minutes', errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooManyLogins }) },
      },
      schema: { tags: TAGS, summary: 'Sign in with email and password', body: ManualLoginBody, response: { ...withErrors({ 200: LoginResponse }, 404, 429), 400: LoginError } },
    },
    async (request, reply) => {
      const result = await app.accounts.passwordLogin({ email: normalizeEmail(request.body.email), password: request.body.password, ip: request.ip });
      if ('unverifiedSignupToken' in result) {
        return reply.code(400).send({ error: MESSAGES.unverified, field: 'email', signup_token: result.unverifiedSignupToken });
      }
      return loginAnswer(result.session);
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
      const result = await app.accounts.googleLogin(request.body.credential);
      if ('unknown' in result) return reply.code(404).send({ error: MESSAGES.noUser, ...result.unknown });
      return loginAnswer(result.session);
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
