import { NAME_FORBIDDEN_CHARACTERS, NAME_MESSAGES } from '../../../contract/names.ts';
import { HttpError } from '../http-error.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;
/** Failures per (account, client address) in the window before that address is refused. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Failures per account, from all addresses, after which the account is slowed (never locked). */
export const LOGIN_ACCOUNT_CEILING = 100;
/** Once slowed: one password check per account per this interval. */
export const LOGIN_SLOW_INTERVAL_MS = 10 * 1000;
/** How long an unverified sign-up waits for its code. */
export const SIGNUP_TTL_MS = 24 * 60 * 60 * 1000;
export const NAME_MAX_LENGTH = 80;

export const MESSAGES = {
  noUser: 'No user found with this email.',
  emailTaken: 'Email is already registered.',
  invalidPassword: 'Invalid password.',
  unverified: 'Please verify your email before logging in.',
  tooManyLogins: 'Too many login attempts. Please try again in 15 minutes.',
  accountSlowed: (seconds: number) => `Too many login attempts for this account. Please try again in ${seconds} seconds.`,
  signupExpired: 'This sign-up has expired. Please create your account again.',
  tooManyOtps: 'Too many OTP requests. Please try again later.',
  invalidOtp: 'Invalid OTP.',
  expiredOtp: 'OTP has expired.',
  otpAttempts: 'Too many wrong attempts. Please request a new OTP.',
  invalidReset: 'Invalid or expired reset token. Please request a new OTP.',
  googleOff: 'Google sign-in is not configured.',
  googleBad: 'Google sign-in could not be verified.',
} as const;

/** Emails are compared and stored lower case (a CHECK on users enforces it). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The spec's name rules: required, no '@', at most 80 characters (after trimming); no control characters. */
export function validName(raw: string | undefined, field = 'name'): string {
  const name = (raw ?? '').trim();
  if (!name) throw new HttpError(400, NAME_MESSAGES.required, field);
  if (name.includes('@')) throw new HttpError(400, NAME_MESSAGES.hasAt, field);
  if (NAME_FORBIDDEN_CHARACTERS.test(name)) throw new HttpError(400, NAME_MESSAGES.controlCharacters, field);
  if (name.length > NAME_MAX_LENGTH) throw new HttpError(400, `Name must be at most ${NAME_MAX_LENGTH} characters.`, field);
  return name;
}

/** A usable display name from a Google profile (which may be missing or contain '@'). */
export function nameFromGoogle(name: string | null, email: string): string {
  const cleaned = (name ?? '').replace(/@/g, ' ').replace(new RegExp(NAME_FORBIDDEN_CHARACTERS, 'g'), '').trim().slice(0, NAME_MAX_LENGTH).trim();
  return cleaned || email.split('@')[0]?.slice(0, NAME_MAX_LENGTH) || 'Creator';
}

/** 401 with the WWW-Authenticate challenge: no valid session token or API key. */
export const authenticationRequired = (): HttpError => Object.assign(new HttpError(401, 'Authentication required.'), { headers: { 'www-authenticate': 'Bearer' } });

