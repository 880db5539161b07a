// Tables added by migration 0003_accounts, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

export interface LoginFailuresTable {
  id: string;
  email: string;
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

declare module './schema.ts' {
  interface Database {
    login_failures: LoginFailuresTable;
    password_reset_tokens: PasswordResetTokensTable;
  }
}
