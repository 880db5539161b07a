// Helpers for account tests: an app with a movable clock, and the sign-up flow through the outbox.
import type { LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../../../server/src/app.ts';
import type { Config } from '../../../server/src/config/index.ts';
import { readOutbox } from '../../../server/src/mail/mailer.ts';
import type { App } from '../../../server/src/types.ts';
import { testConfig } from './app.ts';
import type { TestDatabase } from './db.ts';

export interface Clock {
  now: () => number;
  advance(ms: number): void;
}

/** A clock that starts at the real time and moves only when told. */
export function manualClock(start = Date.now()): Clock {
  let t = start;
  return { now: () => t, advance: (ms) => void (t += ms) };
}

export interface AccountsApp {
  app: App;
  config: Config;
  clock: Clock;
  post(url: string, payload: object, token?: string): Promise<LightMyRequestResponse>;
  /** The newest code mailed to `email`, read from the outbox as a user would. */
  lastOtp(email: string): Promise<string>;
  /** /create_profile/ (201 expected): answers the sign-up token that /verify_otp/ needs. */
  startSignUp(email: string, password?: string, name?: string): Promise<string>;
  /** Sign-up, OTP from the outbox, verify: answers the verify_otp body (tokens and profile). */
  signUp(email: string, password?: string, name?: string): Promise<{ access: string; refresh: string; profile: { user_id: string } }>;
}

/** `logger`: where the app logs (captureLogger in ./app.ts reads it back); silent by default. */
export async function accountsApp(database: TestDatabase, env: NodeJS.ProcessEnv = {}, options: { logger?: Logger } = {}): Promise<AccountsApp> {
  const config = testConfig(database, env);
  const clock = manualClock();
  const app = await buildApp(config, { database, now: clock.now, logger: options.logger });
  await app.ready();
  const post: AccountsApp['post'] = (url, payload, token) =>
    app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const lastOtp = async (email: string) => {
    const mail = (await readOutbox(config.outboxDir)).find((m) => m.to === email);
    const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const startSignUp = async (email: string, password = 'secret-pass', name = 'Asha Verma') => {
    const res = await post('/api/create_profile/', { email, name, password });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().signup_token as string;
  };
  return {
    app,
    config,
    clock,
    post,
    lastOtp,
    startSignUp,
    async signUp(email, password = 'secret-pass', name = 'Asha Verma') {
      const signupToken = await startSignUp(email, password, name);
      expect((await post('/api/send_otp/', { email })).statusCode).toBe(200);
      const res = await post('/api/verify_otp/', { email, otp: await lastOtp(email), signup_token: signupToken });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    },
  };
}
