import { HttpError } from '../http-error.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS_PER_HOUR = 5;
export const RESET_TOKEN_TTL_MS = 10 * 60 * 1000;
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const NAME_MAX_LENGTH = 80;

export const MESSAGES = {
  noUser: 'No user found with this email.',
  emailTaken: 'Email is already registered.',
  invalidPassword: 'Invalid password.',
  unverified: 'Please verify your email before logging in.',
  tooManyLogins: 'Too many login attempts. Please try again in 15 minutes.',
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

/** The spec's name rules: required, no '@', at most 80 characters (after trimming). */
export function validName(raw: string | undefined, field = 'name'): string {
  const name = (raw ?? '').trim();
  if (!name) throw new HttpError(400, 'Name is required.', field);
  if (name.includes('@')) throw new HttpError(400, "Name cannot contain '@'.", field);
  if (name.length > NAME_MAX_LENGTH) throw new HttpError(400, `Name must be at most ${NAME_MAX_LENGTH} characters.`, field);
  return name;
}

/** A usable display name from a Google profile (which may be missing or contain '@'). */
export function nameFromGoogle(name: string | null, email: string): string {
  const cleaned = (name ?? '').replace(/@/g, ' ').trim().slice(0, NAME_MAX_LENGTH).trim();
  return cleaned || email.split('@')[0]?.slice(0, NAME_MAX_LENGTH) || 'Creator';
}

export const isoAt = (ms: number): string => new Date(ms).toISOString();
