import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateProfileBody, CreateProfileResponse, ForgotPasswordBody, SendOtpBody, StatusMessage, VerifyOtpBody, VerifySignupOtpBody,
  VerifyOtpForForgetResponse, VerifyOtpResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { consumeOtp, sendOtp } from '../../auth/otp.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { MESSAGES, RESET_TOKEN_TTL_MS, SIGNUP_TTL_MS, normalizeEmail, validName } from '../../auth/rules.ts';
import { newOpaqueToken, sha256 } from '../../auth/secrets.ts';
import { issueSession } from '../../auth/sessions.ts';
import { loginFailuresRepository } from '../../db/repositories/login-failures.ts';
import { pendingSignupsRepository } from '../../db/repositories/pending-signups.ts';
import { tokensRepository } from '../../db/repositories/tokens.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { isUniqueViolation } from '../../db/util.ts';
import { HttpError } from '../../http-error.ts';
import { signUpWithGoogle } from './google.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['auth'];
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

/** Sign-up (email + OTP, or Google), OTP mail and password reset. */
const signup: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepository(app.db);
  const tokens = tokensRepository(app.db);
  const pending = pendingSignupsRepository(app.db);

  app.post(
    '/create_profile/',
    {
      config: perIp(20, '1 hour'),
      schema: { tags: TAGS, summary: 'Start a sign-up (then /send_otp/ and /verify_otp/ with its signup_token), or create a verified account from a Google credential', body: CreateProfileBody, response: withErrors({ 201: CreateProfileResponse }, 400, 401, 404, 429) },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.credential) {
        const session = await signUpWithGoogle(app, body.credential, body.name);
        return reply.code(201).send({ status: 'success', message: 'Account created.', ...session });
      }
      if (!body.email) throw new HttpError(400, 'email is required', 'email');
      const name = validName(body.name);
      if (!body.password) throw new HttpError(400, 'password is required', 'password');
      const email = normalizeEmail(body.email);
      if (await users.findByEmail(email)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
      // Each attempt is its own pending sign-up: another one for this email never changes it.
      const signupToken = newOpaqueToken();
      const now = app.now();
      await pending.create({ email, name, passwordHash: await hashPassword(body.password), tokenHash: sha256(signupToken), expiresAt: isoAt(now + SIGNUP_TTL_MS), now: isoAt(now) });
      return reply.code(201).send({ status: 'success', message: 'Account created. Verify your email with the code we send you.', signup_token: signupToken });
    },
  );

  app.post(
    '/send_otp/',
    {
      config: perIp(30, '1 hour'),
      schema: { tags: TAGS, summary: 'Mail a sign-up code (pending sign-up) or a reset code (account)', body: SendOtpBody, response: withErrors({ 200: StatusMessage }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      if (await users.findByEmail(email)) await sendOtp(app, email, 'reset');
      else if (await pending.newestLive(email, isoAt(app.now()))) await sendOtp(app, email, 'signup');
      else throw new HttpError(404, MESSAGES.noUser, 'email');
      return { status: 'success' as const, message: 'OTP sent' };
    },
  );

  app.post(
    '/verify_otp/',
    {
      config: perIp(60, '15 minutes'),
      schema: { tags: TAGS, summary: 'Verify the sign-up code for the sign-up its signup_token names: the account is created with that sign-up\'s password and signed in', body: VerifySignupOtpBody, response: withErrors({ 200: VerifyOtpResponse }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const now = isoAt(app.now());
      const token = request.body.signup_token;
      // The token, not the email, says which password becomes the account's.
      const signup = token ? await pending.findLiveByToken(sha256(token), now) : undefined;
      if (!signup || signup.email !== email) {
        if (await users.findByEmail(email)) throw new HttpError(400, MESSAGES.invalidOtp, 'otp');
        throw new HttpError(400, MESSAGES.signupExpired, 'signup_token');
      }
      await consumeOtp(app, email, 'signup', request.body.otp);
      let user;
      try {
        user = await users.createFromSignup(signup, now);
      } catch (err) {
        // The email got an account (Google, another tab) between the code and now.
        if (isUniqueViolation(err)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
        throw err;
      }
      return { status: 'success' as const, ...(await issueSession(app, user)) };
    },
  );

  app.post(
    '/verify_otp_for_forget/',
    {
      config: perIp(60, '15 minutes'),
      schema: { tags: TAGS, summary: 'Verify the reset code; answers a single-use reset_token for /forgot_password/', body: VerifyOtpBody, response: withErrors({ 200: VerifyOtpForForgetResponse }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email');
      await consumeOtp(app, email, 'reset', request.body.otp);
      const resetToken = newOpaqueToken();
      const now = app.now();
      await tokens.createReset({ userId: user.id, tokenHash: sha256(resetToken), expiresAt: isoAt(now + RESET_TOKEN_TTL_MS), now: isoAt(now) });
      return { status: 'success' as const, reset_token: resetToken };
    },
  );

  app.post(
    '/forgot_password/',
    {
      config: perIp(30, '15 minutes'),
      schema: { tags: TAGS, summary: 'Set a new password with the reset token; signs every session out', body: ForgotPasswordBody, response: withErrors({ 200: StatusMessage }, 400, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const now = app.now();
      const invalid = () => new HttpError(400, MESSAGES.invalidReset, 'reset_token');
      const row = await tokens.findResetByHash(sha256(request.body.reset_token));
      if (!row || row.used_at !== null || row.expires_at <= isoAt(now)) throw invalid();
      const user = await users.findById(row.user_id);
      if (!user || user.email !== email) throw invalid();
      if (!(await tokens.useReset(row.id, isoAt(now)))) throw invalid();
      await users.setPassword(user.id, await hashPassword(request.body.new_password), isoAt(now));
      await tokens.revokeAllForUser(user.id, isoAt(now));
      await loginFailuresRepository(app.db).clear(email);
      return { status: 'success' as const, message: 'Password updated successfully!' };
    },
  );
};

export default signup;
