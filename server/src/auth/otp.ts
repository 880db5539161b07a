import type { Config } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import { otpRepository } from '../db/repositories/otp.ts';
import type { OtpPurpose } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_MAX_SENDS_PER_HOUR, OTP_TTL_MS } from './rules.ts';
import { hashOtp, newOtpCode, sameSecret } from './secrets.ts';
import { isoAt } from '../time.ts';

/** What codes need of the app (the app itself has all of it): database, clock, code secret, mailer. */
export interface OtpContext {
  db: Db;
  now: () => number;
  config: Pick<Config, 'jwtSecret'>;
  mailer: Pick<Mailer, 'send'>;
}

const HOUR_MS = 60 * 60 * 1000;

const SUBJECT: Record<OtpPurpose, string> = {
  signup: 'Your Persona Studio verification code',
  reset: 'Your Persona Studio password reset code',
};

/** Makes a code (voiding older ones), stores its hash and mails it. 429 after 5 sends an hour. */
export async function sendOtp(app: OtpContext, email: string, purpose: OtpPurpose): Promise<void> {
  const otps = otpRepository(app.db);
  const now = app.now();
  if ((await otps.countSentSince(email, isoAt(now - HOUR_MS))) >= OTP_MAX_SENDS_PER_HOUR) {
    throw new HttpError(429, MESSAGES.tooManyOtps);
  }
  const code = newOtpCode();
  await otps.replace({ email, purpose, codeHash: hashOtp(app.config.jwtSecret, email, code), expiresAt: isoAt(now + OTP_TTL_MS), now: isoAt(now) });
  const action = purpose === 'signup' ? 'finish creating your account' : 'reset your password';
  const text = [
    `Your Persona Studio verification code is ${code}.`,
    '',
    `Enter it to ${action}. It expires in 10 minutes and works once.`,
    'If you did not ask for it, you can ignore this email.',
  ].join('\n');
  const html = `<p>Your Persona Studio verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:6px">${code}</p><p>Enter it to ${action}. It expires in 10 minutes and works once.</p><p>If you did not ask for it, you can ignore this email.</p>`;
  await app.mailer.send({ to: email, subject: SUBJECT[purpose], text, html });
}

/**
 * Checks a code and uses it up. Each try is counted before comparing (atomically), so at most five
 * guesses are ever compared; then the code is void until a new one is sent.
 */
export async function consumeOtp(app: OtpContext, email: string, purpose: OtpPurpose, otp: string): Promise<void> {
  const otps = otpRepository(app.db);
  const now = app.now();
  const fail = (message: string) => new HttpError(400, message, 'otp');
  const row = await otps.live(email, purpose);
  if (!row) throw fail(MESSAGES.invalidOtp);
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw fail(MESSAGES.otpAttempts);
  if (row.expires_at <= isoAt(now)) throw fail(MESSAGES.expiredOtp);
  if (!(await otps.takeAttempt(row.id, OTP_MAX_ATTEMPTS))) throw fail(MESSAGES.otpAttempts);
  const code = otp.trim();
  if (!/^\d{6}$/.test(code) || !sameSecret(hashOtp(app.config.jwtSecret, email, code), row.code_hash)) throw fail(MESSAGES.invalidOtp);
  if (!(await otps.consume(row.id, isoAt(now)))) throw fail(MESSAGES.invalidOtp);
}
