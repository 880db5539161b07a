// Tables added by migrations 0003_accounts and 0004_account_security, merged into the Database
// interface of schema.ts.
import type { Timestamp } from './schema.ts';

export interface LoginFailuresTable {
  id: string;
  /** The address typed, so unknown addresses are limited too. */
  email: string;
  /** The client address the failure came from; null for failures recorded before 0004. */
  ip: string | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: string;
  user_id: string;
  /** SHA-256 of the token handed out by /verify_otp_for_forget/. */
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** One /create_profile/ attempt, waiting for its email to be verified. */
export interface PendingSignupsTable {
  id: string;
  /** Lower case, like users.email; several attempts may share one. */
  email: string;
  name: string;
  password_hash: string;
  /** SHA-256 of the sign-up token the browser holds; null until a login with the password names one. */
  token_hash: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
}

declare module './schema.ts' {
  interface Database {
    login_failures: LoginFailuresTable;
    password_reset_tokens: PasswordResetTokensTable;
    pending_signups: PendingSignupsTable;
  }
}
