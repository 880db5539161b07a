import '../gallery-schema.ts';
import '../generation-schema.ts';
import type { Db } from '../index.ts';
import type { MediaKind, NewMediaItem } from '../schema.ts';
import { newId } from '../util.ts';

/** A job's output, before it has an id and its job. */
export type NewJobMedia = Omit<NewMediaItem, 'id' | 'job_id'>;

/**
 * The media jobs made, each owned by one user: their writes and the look-ups by key. The gallery's
 * listing and search read them in gallery.ts, from memory.
 */
export function mediaRepository(db: Db) {
  return {
    /** Stores a job's outputs (called in the transaction that marks the job succeeded). */
    async addForJob(jobId: string, media: readonly NewJobMedia[]): Promise<void> {
      if (media.length > 0) await db.insertInto('media_items').values(media.map((m) => ({ ...m, id: newId(), job_id: jobId }))).execute();
    },

    /** The user's item of one of `kinds` stored under `storageKey`, if there is one. */
    ownedByKey: (userId: string, storageKey: string, kinds: readonly MediaKind[]) =>
      db
        .selectFrom('media_items')
        .select(['storage_key', 'gender'])
        .where('user_id', '=', userId)
        .where('storage_key', '=', storageKey)
        .where('kind', 'in', kinds as MediaKind[])
        .executeTakeFirst(),

    /** Storage keys of all the user's media (their files, deleted with the account). */
    keysOfUser: async (userId: string): Promise<string[]> =>
      (await db.selectFrom('media_items').select('storage_key').where('user_id', '=', userId).execute()).map((r) => r.storage_key),
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
