import '../generation-schema.ts';
import type { UserFileKind } from '../generation-schema.ts';
import type { Db } from '../index.ts';

/** Statuses after which a job reads no file again. */
const FINAL = ['succeeded', 'failed', 'canceled'] as const;

/** Uploads and link copies in storage, each owned by one user (the only SQL on user_files). */
export function userFilesRepository(db: Db) {
  return {
    add: (userId: string, kind: UserFileKind, storageKey: string, now: string) =>
      db.insertInto('user_files').values({ storage_key: storageKey, user_id: userId, kind, job_id: null, created_at: now }).execute(),

    /** True when `storageKey` is a file of `kind` that `userId` put into storage. */
    async owns(userId: string, kind: UserFileKind, storageKey: string): Promise<boolean> {
      const row = await db.selectFrom('user_files').select('storage_key').where('storage_key', '=', storageKey).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
      return row !== undefined;
    },

    /** Records the first job that used each of these files. */
    async markUsed(userId: string, storageKeys: readonly string[], jobId: string): Promise<void> {
      if (storageKeys.length === 0) return;
      await db.updateTable('user_files').set({ job_id: jobId }).where('user_id', '=', userId).where('storage_key', 'in', storageKeys as string[]).where('job_id', 'is', null).execute();
    },

    remove: async (storageKeys: readonly string[]): Promise<void> => {
      if (storageKeys.length > 0) await db.deleteFrom('user_files').where('storage_key', 'in', storageKeys as string[]).execute();
    },

    keysOfUser: async (userId: string): Promise<string[]> =>
      (await db.selectFrom('user_files').select('storage_key').where('user_id', '=', userId).execute()).map((r) => r.storage_key),

    /**
     * Files nothing needs any more, at most `limit`: never used by a job and older than `unusedBefore`;
     * uploads of jobs that are over (their runner deletes them, this catches what it could not); and
     * files whose account is gone (with the jobs that would have used them).
     */
    async stale(unusedBefore: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_files')
        .select('storage_key')
        .where((eb) =>
          eb.or([
            eb.and([eb('job_id', 'is', null), eb('created_at', '<', unusedBefore)]),
            eb.and([eb('kind', '=', 'upload'), eb.exists(eb.selectFrom('jobs').select('jobs.id').whereRef('jobs.id', '=', 'user_files.job_id').where('jobs.status', 'in', FINAL))]),
            eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'user_files.user_id'))),
          ]),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => r.storage_key);
    },
  };
}

export type UserFilesRepository = ReturnType<typeof userFilesRepository>;
