import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import login from './login.ts';
import signup from './signup.ts';

/** Accounts and sessions (spec document 1 §7): sign-up, OTP, reset, login, Google, refresh, logout. */
const auth: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(signup);
  await app.register(login);
};

export default auth;
