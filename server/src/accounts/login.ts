// Password and Google login, behind the brute-force limits (ARCHITECTURE §8: failures count per
// account and client address; a per-account ceiling slows, never locks out the owner).
import { verifyPassword } from '../auth/passwords.ts';
import { LOGIN_ACCOUNT_CEILING, LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, LOGIN_SLOW_INTERVAL_MS, MESSAGES } from '../auth/rules.ts';
import { newOpaqueToken, sha256 } from '../auth/secrets.ts';
import { issueSession, type IssuedSession } from '../auth/sessions.ts';
import { loginFailuresRepository, type FailureStats } from '../db/repositories/login-failures.ts';
import { pendingSignupsRepository } from '../db/repositories/pending-signups.ts';
import { usersRepository } from '../db/repositories/users.ts';
import { HttpError } from '../http-error.ts';
import { isoAt } from '../time.ts';
import type { GoogleAccounts } from './google.ts';
import type { AccountDeps } from './service.ts';

/** A password login: signed in, or the password of a sign-up not yet verified (a new token to finish it). */
export type PasswordLogin = { session: IssuedSession } | { unverifiedSignupToken: string };

/** A Google login: signed in, or a verified identity with no account yet (the page offers sign-up). */
export type GoogleLogin = { session: IssuedSession } | { unknown: { email: string; name: string } };

/**
 * The brute-force limits, before any password is checked: 10 failures per (account, client address)
 * refuse that address for the window; 100 per account from everywhere slow the account to one
 * check per interval, so a distributed guesser is slowed while the owner still gets in.
 */
function checkFailureLimits(stats: FailureStats, now: number): void {
  if (stats.fromAddress >= LOGIN_MAX_FAILURES) throw new HttpError(429, MESSAGES.tooManyLogins);
  if (stats.total >= LOGIN_ACCOUNT_CEILING && stats.last) {
    const waitMs = Date.parse(stats.last) + LOGIN_SLOW_INTERVAL_MS - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw Object.assign(new HttpError(429, MESSAGES.accountSlowed(seconds)), { headers: { 'retry-after': String(seconds) } });
    }
  }
}

export function logins(deps: AccountDeps, google: GoogleAccounts) {
  const users = usersRepository(deps.db);
  const failures = loginFailuresRepository(deps.db);
  const pending = pendingSignupsRepository(deps.db);

  return {
    /** `email` normalised; `ip` the client address the failures are counted for. */
    async passwordLogin(input: { email: string; password: string; ip: string }): Promise<PasswordLogin> {
      const { email, ip } = input;
      const now = deps.now();
      const windowStart = isoAt(now - LOGIN_FAILURE_WINDOW_MS);
      checkFailureLimits(await failures.stats(email, ip, windowStart), now);
      const user = await users.findByEmail(email);
      // A sign-up not yet verified can be finished by whoever knows its password (the newest attempt).
      const signup = user ? undefined : await pending.newestLive(email, isoAt(now));
      // Always one argon2 verify (a dummy one without a user): unknown emails answer in the same time.
      const ok = await verifyPassword(user?.password_hash ?? signup?.password_hash, input.password);
      if (!ok) {
        await failures.record(email, ip, isoAt(now), windowStart);
        if (!user && !signup) throw new HttpError(404, MESSAGES.noUser, 'email');
        throw new HttpError(400, MESSAGES.invalidPassword, 'password');
      }
      await failures.clearAddress(email, ip);
      if (signup) {
        const signupToken = newOpaqueToken();
        await pending.setToken(signup.id, sha256(signupToken));
        return { unverifiedSignupToken: signupToken };
      }
      if (!user) throw new HttpError(404, MESSAGES.noUser, 'email'); // unreachable: no user never verifies
      return { session: await issueSession(deps, user) };
    },

    async googleLogin(credential: string): Promise<GoogleLogin> {
      const identity = await google.verify(credential);
      const user = await google.find(identity);
      // The name Google gave: the page pre-fills sign-up with it.
      if (!user) return { unknown: { email: identity.email, name: identity.name ?? '' } };
      return { session: await issueSession(deps, user) };
    },
  };
}
