// Every statement on api_keys. A key is found by the SHA-256 of what the caller sent.
import '../developer-schema.ts';
import type { ApiKeysTable } from '../developer-schema.ts';
import type { Db } from '../index.ts';
import type { KeyFailureStats } from './api-key-failures.ts';

export type ApiKeyRow = ApiKeysTable;

/** The live key of a hash with its owner's email (one read per request). */
export interface KeyOwner {
  keyId: string;
  userId: string;
  email: string;
  lastUsedAt: string | null;
}

export function apiKeysRepository(db: Db) {
  return {
    async create(row: Omit<ApiKeyRow, 'last_used_at' | 'revoked_at'>): Promise<ApiKeyRow> {
      const full = { ...row, last_used_at: null, revoked_at: null };
      await db.insertInto('api_keys').values(full).execute();
      return full;
    },

    /** The user's live keys, newest first. */
    live: (userId: string): Promise<ApiKeyRow[]> =>
      db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('revoked_at', 'is', null).orderBy('created_at', 'desc').orderBy('id', 'desc').execute(),

    countLive: async (userId: string): Promise<number> =>
      Number((await db.selectFrom('api_keys').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst())?.n ?? 0),

    /** Revokes the user's live key; false when there is none of that id (or it is another user's). */
    async revoke(userId: string, id: string, now: string): Promise<boolean> {
      const result = await db.updateTable('api_keys').set({ revoked_at: now }).where('id', '=', id).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The live key of a hash and the client address's unknown-key failures since `since`, in one
     * read (the request's only one on the hot path): the aggregate row is always there, the key
     * joins it when it exists.
     */
    async byHashFrom(hash: string, ip: string, since: string): Promise<{ owner: KeyOwner | undefined; guesses: KeyFailureStats }> {
      const guesses = db
        .selectFrom('api_key_failures')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('ip', '=', ip)
        // Strictly after: a failure leaves the window exactly when Retry-After said.
        .where('created_at', '>', since)
        .as('g');
      const key = db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.user_id')
        .select(['api_keys.id as keyId', 'users.id as userId', 'users.email as email', 'api_keys.last_used_at as lastUsedAt'])
        .where('api_keys.key_hash', '=', hash)
        .where('api_keys.revoked_at', 'is', null)
        .as('k');
      const row = await db
        .selectFrom(guesses)
        .leftJoin(key, (join) => join.onTrue())
        .select(['g.count', 'g.oldest', 'k.keyId', 'k.userId', 'k.email', 'k.lastUsedAt'])
        .executeTakeFirstOrThrow();
      const owner = row.keyId && row.userId && row.email ? { keyId: row.keyId, userId: row.userId, email: row.email, lastUsedAt: row.lastUsedAt ?? null } : undefined;
      // Postgres answers count as a string (bigint).
      return { owner, guesses: { count: Number(row.count), oldest: row.oldest ?? null } };
    },

    /** Moves last_used_at unless another request already did since `staleBefore`. */
    async touch(id: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    },
  };
}

export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
