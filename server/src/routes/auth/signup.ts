import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateProfileBody, CreateProfileResponse, ForgotPasswordBody, SendOtpBody, StatusMessage, VerifyOtpBody,
  VerifyOtpForForgetResponse, VerifyOtpResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { consumeOtp, sendOtp } from '../../auth/otp.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { MESSAGES, RESET_TOKEN_TTL_MS, isoAt, normalizeEmail, validName } from '../../auth/rules.ts';
import { newOpaqueToken, sha256 } from '../../auth/secrets.ts';
import { issueSession } from '../../auth/sessions.ts';
import { loginFailuresRepository } from '../../db/repositories/login-failures.ts';
import { otpRepository } from '../../db/repositories/otp.ts';
import { tokensRepository } from '../../db/repositories/tokens.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { isUniqueViolation } from '../../db/util.ts';
import { HttpError } from '../../http-error.ts';
import { signUpWithGoogle } from './google.ts';

const TAGS = ['auth'];
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

/** Sign-up (email + OTP, or Google), OTP mail and password reset. */
const signup: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepository(app.db);
  const tokens = tokensRepository(app.db);

  app.post(
    '/create_profile/',
    {
      config: perIp(20, '1 hour'),
      schema: { tags: TAGS, summary: 'Store an unverified account (then /send_otp/), or create a verified one from a Google credential', body: CreateProfileBody, response: withErrors({ 201: CreateProfileResponse }, 400, 401, 404, 429) },
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
      const passwordHash = await hashPassword(body.password);
      let user;
      try {
        user = await users.upsertUnverified({ email, name, passwordHash, now: isoAt(app.now()) });
      } catch (err) {
        if (isUniqueViolation(err)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
        throw err;
      }
      if (!user) throw new HttpError(400, MESSAGES.emailTaken, 'email');
      // Sign-up starts over: a code mailed for an earlier attempt must not verify this password.
      await otpRepository(app.db).voidAll(email, isoAt(app.now()));
      return reply.code(201).send({ status: 'success', message: 'Account created. Verify your email with the code we send you.' });
    },
  );

  app.post(
    '/send_otp/',
    {
      config: perIp(30, '1 hour'),
      schema: { tags: TAGS, summary: 'Mail a sign-up code (unverified account) or a reset code (verified account)', body: SendOtpBody, response: withErrors({ 200: StatusMessage }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email');
      await sendOtp(app, email, user.email_verified ? 'reset' : 'signup');
      return { status: 'success' as const, message: 'OTP sent' };
    },
  );

  app.post(
    '/verify_otp/',
    {
      config: perIp(60, '15 minutes'),
      schema: { tags: TAGS, summary: 'Verify the sign-up code: the account becomes verified and signed in', body: VerifyOtpBody, response: withErrors({ 200: VerifyOtpResponse }, 400, 404, 429) },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email');
      if (user.email_verified) throw new HttpError(400, MESSAGES.invalidOtp, 'otp');
      await consumeOtp(app, email, 'signup', request.body.otp);
      const verified = (await users.markVerified(user.id, isoAt(app.now()))) ?? user;
      return { status: 'success' as const, ...(await issueSession(app, verified)) };
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
      if (!user.email_verified) throw new HttpError(400, MESSAGES.invalidOtp, 'otp');
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
