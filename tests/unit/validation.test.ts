import { describe, expect, it } from 'vitest';
import {
  emailError,
  hasErrors,
  isOtpComplete,
  nameError,
  nameLiveError,
  otpDigit,
  otpFromPaste,
  ratingError,
  validateForgot,
  validateGoogleSignup,
  validateLogin,
  validateNewPassword,
  validateSignup,
  VALIDATION_MESSAGES as M,
} from '../../src/lib/validation';

describe('spec §5 messages', () => {
  it('keeps the spec texts exactly', () => {
    expect(M.emailRequired).toBe('Email is required.');
    expect(M.emailInvalid).toBe('Enter valid Email Address');
    expect(M.passwordRequired).toBe('Password is required.');
    expect(M.passwordTooShort).toBe('Password must be at least 6 characters long.');
    expect(M.nameRequired).toBe('Name is required.');
    expect(M.nameHasAt).toBe("Name cannot contain '@'.");
    expect(M.newPasswordRequired).toBe('Enter New Password');
    expect(M.confirmPasswordRequired).toBe('Re-enter Password');
    expect(M.passwordsDiffer).toBe('Passwords do not match.');
    expect(M.otpIncomplete).toBe('Please enter all 6 digits of the OTP.');
    expect(M.ratingRequired).toBe('Please select a rating');
    expect(M.termsRequired).toMatch(/Terms and Conditions/);
  });
});

describe('login', () => {
  it('needs an email and a password', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: M.emailRequired, password: M.passwordRequired });
    expect(validateLogin({ email: '   ', password: 'x' })).toEqual({ email: M.emailRequired, password: undefined });
    expect(hasErrors(validateLogin({ email: 'a@b.co', password: 'x' }))).toBe(false);
  });
});

describe('email', () => {
  it('is required and address-like', () => {
    expect(emailError('')).toBe(M.emailRequired);
    expect(emailError('asha')).toBe(M.emailInvalid);
    expect(emailError('asha@example')).toBe(M.emailInvalid);
    expect(emailError('as ha@example.com')).toBe(M.emailInvalid);
    expect(emailError('asha@@example.com')).toBe(M.emailInvalid);
    expect(emailError(' asha@example.com ')).toBeUndefined();
    expect(validateForgot({ email: 'nope' })).toEqual({ email: M.emailInvalid });
  });
});

describe('sign up', () => {
  const ok = { name: 'Asha', email: 'asha@example.com', password: 'secret1', terms: true };

  it('accepts a complete form', () => {
    expect(hasErrors(validateSignup(ok))).toBe(false);
  });

  it('names every problem', () => {
    expect(validateSignup({ name: '', email: '', password: '12345', terms: false })).toEqual({
      name: M.nameRequired,
      email: M.emailRequired,
      password: M.passwordTooShort,
      terms: M.termsRequired,
    });
  });

  it("rejects '@' in the name, also live while typing", () => {
    expect(validateSignup({ ...ok, name: 'asha@x' }).name).toBe(M.nameHasAt);
    expect(nameError('@')).toBe(M.nameHasAt);
    expect(nameLiveError('as@')).toBe(M.nameHasAt);
    expect(nameLiveError('')).toBeUndefined();
    expect(nameError('   ')).toBe(M.nameRequired);
  });

  it('rejects control and bidirectional override characters in the name, as the server does', () => {
    expect(M.nameControlCharacters).toBe('Name cannot contain control characters.');
    for (const name of ['As\u0000ha', 'As\nha', 'As\u0085ha', 'Asha \u202Edcba', 'As\u2067ha']) {
      expect(nameError(name), JSON.stringify(name)).toBe(M.nameControlCharacters);
      expect(nameLiveError(name), JSON.stringify(name)).toBe(M.nameControlCharacters);
    }
    // Trimmed first, as the server does.
    expect(nameError(' Asha Rao\n')).toBeUndefined();
  });

  it('takes a 6-character password and no shorter', () => {
    expect(validateSignup({ ...ok, password: '123456' }).password).toBeUndefined();
    expect(validateSignup({ ...ok, password: '12345' }).password).toBe(M.passwordTooShort);
  });

  it('Google sign-up asks only for the name and the terms', () => {
    expect(validateGoogleSignup({ name: 'Asha', terms: false })).toEqual({ name: undefined, terms: M.termsRequired });
    expect(hasErrors(validateGoogleSignup({ name: 'Asha', terms: true }))).toBe(false);
  });
});

describe('new password', () => {
  it('is required, 6+ characters, re-entered and equal', () => {
    expect(validateNewPassword({ password: '', confirm: '' })).toEqual({
      password: M.newPasswordRequired,
      confirm: M.confirmPasswordRequired,
    });
    expect(validateNewPassword({ password: '123', confirm: '123' }).password).toBe(M.passwordTooShort);
    expect(validateNewPassword({ password: 'secret1', confirm: 'secret2' })).toEqual({
      password: undefined,
      confirm: M.passwordsDiffer,
    });
    expect(hasErrors(validateNewPassword({ password: 'secret1', confirm: 'secret1' }))).toBe(false);
  });
});

describe('OTP', () => {
  it('needs six single digits', () => {
    expect(isOtpComplete(['1', '2', '3', '4', '5', '6'])).toBe(true);
    expect(isOtpComplete(['1', '2', '3', '4', '5', ''])).toBe(false);
    expect(isOtpComplete(['1', '2', '3', '4', '5', 'a'])).toBe(false);
    expect(isOtpComplete(['1', '2', '3', '4', '5'])).toBe(false);
  });

  it('keeps only a digit per box', () => {
    expect(otpDigit('a')).toBe('');
    expect(otpDigit('7')).toBe('7');
    expect(otpDigit('37')).toBe('7');
    expect(otpDigit('-')).toBe('');
  });

  it('spreads a pasted six-digit code', () => {
    expect(otpFromPaste('123456')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(otpFromPaste(' 123 456\n')).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(otpFromPaste('12345')).toBeNull();
    expect(otpFromPaste('1234567')).toBeNull();
  });
});

describe('feedback rating', () => {
  it('0 asks for a rating; 1 to 5 pass', () => {
    expect(ratingError(0)).toBe(M.ratingRequired);
    expect(ratingError(6)).toBe(M.ratingRequired);
    for (const r of [1, 2, 3, 4, 5]) expect(ratingError(r)).toBeUndefined();
  });
});
