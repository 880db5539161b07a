// The accounts use cases (sign-up, login, profile, deletion) over the repositories, one service on
// `app.accounts` (accounts/plugin.ts). Routes parse and shape; the steps and their order live in
// the files beside this one.
import type { FastifyBaseLogger } from 'fastify';
import type { GoogleVerifier } from '../auth/google.ts';
import type { OtpContext } from '../auth/otp.ts';
import type { SessionContext } from '../auth/sessions.ts';
import type { Entitlements } from '../billing/entitlements.ts';
import type { MediaStorage } from '../storage/types.ts';
import { googleAccounts } from './google.ts';
import { logins } from './login.ts';
import { profiles } from './profile.ts';
import { signups } from './signup.ts';

export interface AccountDeps extends SessionContext, OtpContext {
  log: FastifyBaseLogger;
  /** Google ID token verification, or null when Google sign-in is not configured. */
  verifyGoogleCredential: GoogleVerifier | null;
  /** The entitlement in force, for the profile's track status (billing/entitlements.ts). */
  entitlements: Pick<Entitlements, 'current'>;
  /** Cancels the user's subscriptions at their providers (billing/subscriptions.ts). */
  subscriptions: { cancelAll(userId: string): Promise<void> };
  storage: Pick<MediaStorage, 'delete'>;
  /** The user's uploads and link copies (storage/user-files.ts). */
  files: { discardAllOf(userId: string): Promise<unknown> };
}

export function accountService(deps: AccountDeps) {
  const google = googleAccounts(deps);
  return { ...signups(deps, google), ...logins(deps, google), ...profiles(deps) };
}

export type AccountService = ReturnType<typeof accountService>;
