import '../accounts-schema.ts';
import type { Selectable } from 'kysely';
import type { PendingSignupsTable } from '../accounts-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

export type PendingSignup = Selectable<PendingSignupsTable>;

/**
 * Sign-ups waiting for their email code. Each /create_profile/ is a row of its own, named by the
 * hash of a token only its browser holds, so one attempt can never change another.
 */
export function pendingSignupsRepository(db: Db) {
  return {
    /** Stores an attempt and drops every expired one (the table stays small). */
    async create(input: { email: string; name: string; passwordHash: string; tokenHash: string; expiresAt: string; now: string }): Promise<void> {
      await db.deleteFrom('pending_signups').where('expires_at', '<=', input.now).execute();
      await db
        .insertInto('pending_signups')
        .values({ id: newId(), email: input.email, name: input.name, password_hash: input.passwordHash, token_hash: input.tokenHash, expires_at: input.expiresAt, created_at: input.now })
        .execute();
    },

    /** The live attempt a sign-up token names. */
    findLiveByToken(tokenHash: string, now: string): Promise<PendingSignup | undefined> {
      return db.selectFrom('pending_signups').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
    },

    /** The newest live attempt for an address (the one a login may resume). */
    newestLive(email: string, now: string): Promise<PendingSignup | undefined> {
      return db
        .selectFrom('pending_signups')
        .selectAll()
        .where('email', '=', email)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Names an attempt by a new token (a login that proved its password resumes it); the old token stops working. */
    async setToken(id: string, tokenHash: string): Promise<void> {
      await db.updateTable('pending_signups').set({ token_hash: tokenHash }).where('id', '=', id).execute();
    },
  };
}

export type PendingSignupsRepository = ReturnType<typeof pendingSignupsRepository>;
