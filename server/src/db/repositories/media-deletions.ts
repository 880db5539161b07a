// Every statement on media_deletions (issue 45): a deleted item's stored file waiting to be deleted.
// Claimed as jobs and webhook deliveries are: due candidates picked, then each taken by an UPDATE
// whose WHERE repeats the due condition, so only one process's claim matches.
import '../workspace-schema.ts';
import '../characters-schema.ts';
import type { ExpressionBuilder } from 'kysely';
import type { MediaDeletionsTable } from '../workspace-schema.ts';
import type { Database } from '../schema.ts';
import type { Db } from '../index.ts';

export type MediaDeletionRow = MediaDeletionsTable & { attempts: number };

const isDue = (now: string) => (eb: ExpressionBuilder<Database, 'media_deletions'>) =>
  eb.and([eb('next_at', '<=', now), eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)])]);

export function mediaDeletionsRepository(db: Db) {
  return {
    /** Queues the files of deleted items (in the transaction that deleted them). */
    async add(userId: string, keys: readonly string[], now: string): Promise<void> {
      if (keys.length === 0) return;
      await db
        .insertInto('media_deletions')
        .values(keys.map((storage_key) => ({ storage_key, user_id: userId, next_at: now, lease_until: null, lease_owner: null, created_at: now })))
        .onConflict((oc) => oc.column('storage_key').doNothing())
        .execute();
    },

    async claim(owner: string, now: string, leaseUntil: string, limit: number): Promise<MediaDeletionRow[]> {
      const candidates = await db.selectFrom('media_deletions').select('storage_key').where(isDue(now)).orderBy('next_at').limit(limit).execute();
      const claimed: MediaDeletionRow[] = [];
      for (const { storage_key } of candidates) {
        const row = await db
          .updateTable('media_deletions')
          .set({ lease_owner: owner, lease_until: leaseUntil })
          .where('storage_key', '=', storage_key)
          .where(isDue(now))
          .returningAll()
          .executeTakeFirst();
        if (row) claimed.push(row as MediaDeletionRow);
      }
      return claimed;
    },

    /**
     * Why the file must stay for now: a character's face or voice is it, a queued or running job
     * reads it, or another gallery item is stored under it; null when nothing needs it.
     */
    async stillNeeded(key: string): Promise<'character' | 'job' | 'item' | null> {
      const character = await db.selectFrom('characters').select('id').where((eb) => eb.or([eb('face_key', '=', key), eb('voice_sample_key', '=', key)])).limit(1).executeTakeFirst();
      if (character) return 'character';
      // jobs.input is JSON text naming its stored sources by key: "key":"gen/…" (our keys hold no % or _;
      // one that did would only match more, keeping a file longer).
      const job = await db
        .selectFrom('jobs')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .where('input', 'like', `%"key":"${key}"%`)
        .limit(1)
        .executeTakeFirst();
      if (job) return 'job';
      const item = await db.selectFrom('media_items').select('id').where('storage_key', '=', key).limit(1).executeTakeFirst();
      return item ? 'item' : null;
    },

    /** The file is gone (or another item holds it): its row goes, only while `owner` holds it. */
    async done(key: string, owner: string): Promise<void> {
      await db.deleteFrom('media_deletions').where('storage_key', '=', key).where('lease_owner', '=', owner).execute();
    },

    /** Tried again at `nextAt` (still needed, or the delete failed). */
    async later(key: string, owner: string, nextAt: string, failed: boolean): Promise<void> {
      await db
        .updateTable('media_deletions')
        .set((eb) => ({ next_at: nextAt, lease_owner: null, lease_until: null, ...(failed ? { attempts: eb('attempts', '+', 1) } : {}) }))
        .where('storage_key', '=', key)
        .where('lease_owner', '=', owner)
        .execute();
    },

    release: async (owner: string): Promise<void> => {
      await db.updateTable('media_deletions').set({ lease_owner: null, lease_until: null }).where('lease_owner', '=', owner).execute();
    },

    /** Files waiting (tests, the log). */
    pending: async (): Promise<string[]> => (await db.selectFrom('media_deletions').select('storage_key').execute()).map((r) => r.storage_key),
  };
}
