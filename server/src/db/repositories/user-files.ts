import '../generation-schema.ts';
import '../queue-schema.ts';
import '../characters-schema.ts';
import type { UserFileKind } from '../generation-schema.ts';
import type { Db } from '../index.ts';
import { FINAL_JOB_STATUSES } from '../../../../contract/job-status.ts';

/** Uploads and link copies in storage, each owned by one user (the only SQL on user_files). */
export function userFilesRepository(db: Db) {
  return {
    add: (userId: string, kind: UserFileKind, storageKey: string, now: string, seconds: number | null = null) =>
      db.insertInto('user_files').values({ storage_key: storageKey, user_id: userId, kind, job_id: null, created_at: now, seconds }).execute(),

    /** The user's file of `kind` at `storageKey` (its length for a voice sample), if they put it into storage. */
    ownedFile: (userId: string, kind: UserFileKind, storageKey: string) =>
      db.selectFrom('user_files').select(['storage_key', 'seconds']).where('storage_key', '=', storageKey).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst(),

    /** True when `storageKey` is a file of `kind` that `userId` put into storage. */
    async owns(userId: string, kind: UserFileKind, storageKey: string): Promise<boolean> {
      const row = await db.selectFrom('user_files').select('storage_key').where('storage_key', '=', storageKey).where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
      return row !== undefined;
    },

    /** Records that the job reads each of these files (job_files), and the first job that used each. */
    async markUsed(userId: string, storageKeys: readonly string[], jobId: string): Promise<void> {
      if (storageKeys.length === 0) return;
      await db.updateTable('user_files').set({ job_id: jobId }).where('user_id', '=', userId).where('storage_key', 'in', storageKeys as string[]).where('job_id', 'is', null).execute();
      await db
        .insertInto('job_files')
        .values([...new Set(storageKeys)].map((storage_key) => ({ job_id: jobId, storage_key })))
        .onConflict((oc) => oc.columns(['job_id', 'storage_key']).doNothing())
        .execute();
    },

    /** Which of `storageKeys` are still kept as `userId`'s files. */
    async kept(userId: string, storageKeys: readonly string[]): Promise<Set<string>> {
      if (storageKeys.length === 0) return new Set();
      const rows = await db.selectFrom('user_files').select('storage_key').where('user_id', '=', userId).where('storage_key', 'in', storageKeys as string[]).execute();
      return new Set(rows.map((r) => r.storage_key));
    },

    remove: async (storageKeys: readonly string[]): Promise<void> => {
      if (storageKeys.length === 0) return;
      await db.deleteFrom('job_files').where('storage_key', 'in', storageKeys as string[]).execute();
      await db.deleteFrom('user_files').where('storage_key', 'in', storageKeys as string[]).execute();
    },

    keysOfUser: async (userId: string): Promise<string[]> =>
      (await db.selectFrom('user_files').select('storage_key').where('user_id', '=', userId).execute()).map((r) => r.storage_key),

    /**
     * Files nothing needs any more, at most `limit`: never used by a job and older than `before`;
     * used, but no job that read them may still run or be re-run (issue 29): each such job is over,
     * and either succeeded with its result gone from the gallery, or failed or was canceled before
     * `before` (kept as long as an unused file); and files whose account is gone. A character's
     * upload is kept while a character names it, and unused for CHARACTER_UPLOAD_TTL from
     * `charactersBefore` on (issue 44).
     */
    async stale(before: string, limit: number, charactersBefore = before): Promise<string[]> {
      const characterKinds: UserFileKind[] = ['portrait', 'voice_sample'];
      const rows = await db
        .selectFrom('user_files')
        .select('storage_key')
        .where((eb) =>
          eb.or([
            eb.and([eb('job_id', 'is', null), eb('kind', 'not in', characterKinds), eb('created_at', '<', before)]),
            eb.and([eb('job_id', 'is', null), eb('kind', 'in', characterKinds), eb('created_at', '<', charactersBefore)]),
            eb.and([
              eb('job_id', 'is not', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('job_files as jf')
                    .innerJoin('jobs', 'jobs.id', 'jf.job_id')
                    .select('jobs.id')
                    .whereRef('jf.storage_key', '=', 'user_files.storage_key')
                    .where((j) =>
                      j.or([
                        j('jobs.status', 'not in', FINAL_JOB_STATUSES),
                        j.and([j('jobs.status', '=', 'succeeded'), j.exists(j.selectFrom('media_items').select('media_items.id').whereRef('media_items.job_id', '=', 'jobs.id'))]),
                        j.and([j('jobs.status', '!=', 'succeeded'), j('jobs.finished_at', '>=', before)]),
                      ]),
                    ),
                ),
              ),
            ]),
            eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.id', '=', 'user_files.user_id'))),
          ]),
        )
        // A character's face or voice sample stays (its account's deletion removes the character first).
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('characters').select('characters.id').where((c) => c.or([c('characters.face_key', '=', c.ref('user_files.storage_key')), c('characters.voice_sample_key', '=', c.ref('user_files.storage_key'))])),
            ),
          ),
        )
        .limit(limit)
        .execute();
      return rows.map((r) => r.storage_key);
    },
  };
}

export type UserFilesRepository = ReturnType<typeof userFilesRepository>;
