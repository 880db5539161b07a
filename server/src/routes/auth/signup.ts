import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateProfileBody, CreateProfileResponse, ForgotPasswordBody, SendOtpBody, StatusMessage, VerifyOtpBody, VerifySignupOtpBody,
  VerifyOtpForForgetResponse, VerifyOtpResponse,
} from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { normalizeEmail, validName } from '../../auth/rules.ts';
import { HttpError } from '../../http-error.ts';

const TAGS = ['auth'];
const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });

/** Sign-up (email + OTP, or Google), OTP mail and password reset. */
const signup: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/create_profile/',
    {
      config: perIp(20, '1 hour'),
      schema: { tags: TAGS, summary: 'Start a sign-up (then /send_otp/ and /verify_otp/ with its signup_token), or create a verified account from a Google credential', body: CreateProfileBody, response: withErrors({ 201: CreateProfileResponse }, 400, 401, 404, 429) },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.credential) {
        const session = await app.accounts.signUpWithGoogle(body.credential, body.name);
        return reply.code(201).send({ status: 'success', message: 'Account created.', ...session });
      }
      if (!body.email) throw new HttpError(400, 'email is required', 'email');
      const name = validName(body.name);
      if (!body.password) throw new HttpError(400, 'password is required', 'password');
      const signupToken = await app.accounts.startSignup({ email: normalizeEmail(body.email), name, password: body.password });
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
      await app.accounts.sendCode(normalizeEmail(request.body.email));
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
      const session = await app.accounts.verifySignup({ email: normalizeEmail(request.body.email), signupToken: request.body.signup_token, otp: request.body.otp });
      return { status: 'success' as const, ...session };
    },
  );

  app.post(
    '/verify_otp_for_forget/',
    {
      config: perIp(60, '15 minutes'),
      schema: { tags: TAGS, summary: 'Verify the reset code; answers a single-use reset_token for /forgot_password/', body: VerifyOtpBody, response: withErrors({ 200: VerifyOtpForForgetResponse }, 400, 404, 429) },
    },
    async (request) => {
      const resetToken = await app.accounts.resetToken({ email: normalizeEmail(request.body.email), otp: request.body.otp });
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
      await app.accounts.resetPassword({ email: normalizeEmail(request.body.email), resetToken: request.body.reset_token, newPassword: request.body.new_password });
      return { status: 'success' as const, message: 'Password updated successfully!' };
    },
  );
};

export default signup;
