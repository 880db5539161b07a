// Sign-up by email (a pending sign-up, its code, then the account) and password reset (a code, a
// single-use reset token, then the new password). ARCHITECTURE §8: only the browser that chose a
// password can make it the account's.
import { consumeOtp, sendOtp } from '../auth/otp.ts';
import { hashPassword } from '../auth/passwords.ts';
import { MESSAGES, RESET_TOKEN_TTL_MS, SIGNUP_TTL_MS } from '../auth/rules.ts';
import { newOpaqueToken, sha256 } from '../auth/secrets.ts';
import { issueSession, type IssuedSession } from '../auth/sessions.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { pendingSignupsRepository } from '../db/repositories/pending-signups.ts';
import { tokensRepository } from '../db/repositories/tokens.ts';
import { usersRepository } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import { isUniqueViolation } from '../db/util.ts';
import { HttpError } from '../http-error.ts';
import { isoAt } from '../time.ts';
import type { GoogleAccounts } from './google.ts';
import type { AccountDeps } from './service.ts';

// Every email below is normalised by the caller (auth/rules.ts normalizeEmail).
export function signups(deps: AccountDeps, google: GoogleAccounts) {
  const users = usersRepository(deps.db);
  const tokens = tokensRepository(deps.db);
  const pending = pendingSignupsRepository(deps.db);

  return {
    signUpWithGoogle: google.signUpWithGoogle,

    /** Starts a pending sign-up; answers the token that names it (400 when the email has an account). */
    async startSignup(input: { email: string; name: string; password: string }): Promise<string> {
      const { email, name } = input;
      if (await users.findByEmail(email)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
      // Each attempt is its own pending sign-up: another one for this email never changes it.
      const signupToken = newOpaqueToken();
      const now = deps.now();
      await pending.create({ email, name, passwordHash: await hashPassword(input.password), tokenHash: sha256(signupToken), expiresAt: isoAt(now + SIGNUP_TTL_MS), now: isoAt(now) });
      return signupToken;
    },

    /** Mails a reset code to an account, else a sign-up code to a live pending sign-up; 404 for neither. */
    async sendCode(email: string): Promise<void> {
      if (await users.findByEmail(email)) await sendOtp(deps, email, 'reset');
      else if (await pending.newestLive(email, isoAt(deps.now()))) await sendOtp(deps, email, 'signup');
      else throw new HttpError(404, MESSAGES.noUser, 'email');
    },

    /** The sign-up `signupToken` names, verified by its code: the account is made and signed in. */
    async verifySignup(input: { email: string; signupToken: string | undefined; otp: string }): Promise<IssuedSession> {
      const { email } = input;
      const now = isoAt(deps.now());
      // The token, not the email, says which password becomes the account's.
      const signup = input.signupToken ? await pending.findLiveByToken(sha256(input.signupToken), now) : undefined;
      if (!signup || signup.email !== email) {
        if (await users.findByEmail(email)) throw new HttpError(400, MESSAGES.invalidOtp, 'otp');
        throw new HttpError(400, MESSAGES.signupExpired, 'signup_token');
      }
      await consumeOtp(deps, email, 'signup', input.otp);
      let user: User;
      try {
        user = await users.createFromSignup(signup, now);
      } catch (err) {
        // The email got an account (Google, another tab) between the code and now.
        if (isUniqueViolation(err)) throw new HttpError(400, MESSAGES.emailTaken, 'email');
        throw err;
      }
      return issueSession(deps, user);
    },

    /** Verifies the reset code; answers a single-use reset token. */
    async resetToken(input: { email: string; otp: string }): Promise<string> {
      const { email } = input;
      const user = await users.findByEmail(email);
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email');
      await consumeOtp(deps, email, 'reset', input.otp);
      const resetToken = newOpaqueToken();
      const now = deps.now();
      await tokens.createReset({ userId: user.id, tokenHash: sha256(resetToken), expiresAt: isoAt(now + RESET_TOKEN_TTL_MS), now: isoAt(now) });
      return resetToken;
    },

    /** Sets a new password with a reset token and signs every session out. */
    async resetPassword(input: { email: string; resetToken: string; newPassword: string }): Promise<void> {
      const { email } = input;
      const now = deps.now();
      const invalid = () => new HttpError(400, MESSAGES.invalidReset, 'reset_token');
      const row = await tokens.findResetByHash(sha256(input.resetToken));
      if (!row || row.used_at !== null || row.expires_at <= isoAt(now)) throw invalid();
      const user = await users.findById(row.user_id);
      if (!user || user.email !== email) throw invalid();
      if (!(await tokens.useReset(row.id, isoAt(now)))) throw invalid();
      await users.setPassword(user.id, await hashPassword(input.newPassword), isoAt(now));
      await tokens.revokeAllForUser(user.id, isoAt(now));
      await loginFailuresRepository(deps.db).clear(email);
    },
  };
}
