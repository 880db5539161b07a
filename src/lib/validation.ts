// The form rules of spec document 1 §5 as pure functions; every message text is the spec's
// (plus the server's control-character rule for names, from contract/names.ts).
import { NAME_FORBIDDEN_CHARACTERS, NAME_MESSAGES } from '../../contract/names';

export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Enter valid Email Address',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Password must be at least 6 characters long.',
  nameRequired: NAME_MESSAGES.required,
  nameHasAt: NAME_MESSAGES.hasAt,
  nameControlCharacters: NAME_MESSAGES.controlCharacters,
  termsRequired: 'Please accept the Terms and Conditions to continue.',
  newPasswordRequired: 'Enter New Password',
  confirmPasswordRequired: 'Re-enter Password',
  passwordsDiffer: 'Passwords do not match.',
  otpIncomplete: 'Please enter all 6 digits of the OTP.',
  ratingRequired: 'Please select a rating',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const OTP_LENGTH = 6;

/** Field name -> message; a field without a message is valid. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

// Address-like: something@something.tld, no spaces (the spec asks no more than that).
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return VALIDATION_MESSAGES.emailRequired;
  if (!EMAIL_PATTERN.test(value)) return VALIDATION_MESSAGES.emailInvalid;
  return undefined;
}

/** Shown live while typing as well as on submit. */
export function nameError(name: string): string | undefined {
  return nameLiveError(name) ?? (name.trim() ? undefined : VALIDATION_MESSAGES.nameRequired);
}

/** The live check while typing: what is typed (an empty field is not an error yet). */
export function nameLiveError(name: string): string | undefined {
  if (name.includes('@')) return VALIDATION_MESSAGES.nameHasAt;
  // Trimmed first, as the server does: a pasted trailing newline is not an error.
  if (NAME_FORBIDDEN_CHARACTERS.test(name.trim())) return VALIDATION_MESSAGES.nameControlCharacters;
  return undefined;
}

export function validateLogin(input: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return {
    email: input.email.trim() ? undefined : VALIDATION_MESSAGES.emailRequired,
    password: input.password ? undefined : VALIDATION_MESSAGES.passwordRequired,
  };
}

export function validateSignup(input: {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}): FieldErrors<'name' | 'email' | 'password' | 'terms'> {
  return {
    name: nameError(input.name),
    email: emailError(input.email),
    password: input.password.length >= PASSWORD_MIN_LENGTH ? undefined : VALIDATION_MESSAGES.passwordTooShort,
    terms: input.terms ? undefined : VALIDATION_MESSAGES.termsRequired,
  };
}

/** Google sign-up: the identity is verified, so only the name and the terms are asked. */
export function validateGoogleSignup(input: { name: string; terms: boolean }): FieldErrors<'name' | 'terms'> {
  return {
    name: nameError(input.name),
    terms: input.terms ? undefined : VALIDATION_MESSAGES.termsRequired,
  };
}

export function validateForgot(input: { email: string }): FieldErrors<'email'> {
  return { email: emailError(input.email) };
}

export function validateNewPassword(input: {
  password: string;
  confirm: string;
}): FieldErrors<'password' | 'confirm'> {
  let password: string | undefined;
  if (!input.password) password = VALIDATION_MESSAGES.newPasswordRequired;
  else if (input.password.length < PASSWORD_MIN_LENGTH) password = VALIDATION_MESSAGES.passwordTooShort;
  let confirm: string | undefined;
  if (!input.confirm) confirm = VALIDATION_MESSAGES.confirmPasswordRequired;
  else if (input.password && input.confirm !== input.password) confirm = VALIDATION_MESSAGES.passwordsDiffer;
  return { password, confirm };
}

/** The six OTP boxes: each exactly one digit. */
export function isOtpComplete(digits: readonly string[]): boolean {
  return digits.length === OTP_LENGTH && digits.every((d) => /^\d$/.test(d));
}

/** What a single OTP box keeps of typed text: its last digit, or nothing. */
export function otpDigit(text: string): string {
  const digits = text.replace(/\D/g, '');
  return digits.slice(-1);
}

/** A pasted or autofilled code: the digits, when there are exactly six of them. */
export function otpFromPaste(text: string): string[] | null {
  const digits = text.replace(/\D/g, '');
  return digits.length === OTP_LENGTH ? digits.split('') : null;
}

export function ratingError(rating: number): string | undefined {
  return Number.isInteger(rating) && rating >= 1 && rating <= 5 ? undefined : VALIDATION_MESSAGES.ratingRequired;
}
