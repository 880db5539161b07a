import '../gallery-schema.ts';
import '../workspace-schema.ts';
import '../generation-schema.ts';
import '../characters-schema.ts';
import type { Db } from '../index.ts';
import type { MediaItem, MediaKind, NewMediaItem } from '../schema.ts';
import { newId, toFlag } from '../util.ts';

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

    /** The sizes of the items `jobIds` made (issue 45: a finished queue row says its result's size). */
    sizesOfJobs: (jobIds: readonly string[]) =>
      jobIds.length === 0
        ? Promise.resolve([])
        : db.selectFrom('media_items').select(['job_id', 'width', 'height', 'duration_seconds']).where('job_id', 'in', jobIds as string[]).execute(),

    /** The user's item with a stored file (gallery items only), by id. */
    ofUser: (userId: string, id: string): Promise<MediaItem | undefined> =>
      db.selectFrom('media_items').selectAll().where('id', '=', id).where('user_id', '=', userId).where('storage_key', '<>', '').executeTakeFirst(),

    /** The user's items with a stored file among `ids`: their ids and keys. */
    ownedAmong: (userId: string, ids: readonly string[]) =>
      db.selectFrom('media_items').select(['id', 'storage_key']).where('id', 'in', ids as string[]).where('user_id', '=', userId).where('storage_key', '<>', '').execute(),

    /** Changes the user's item: its character (checked by the caller) and/or favourite; the row as it is now, undefined when not theirs. */
    update: (userId: string, id: string, changes: { character_id?: string | null; favourite?: boolean }) =>
      db
        .updateTable('media_items')
        .set({ ...(changes.character_id === undefined ? {} : { character_id: changes.character_id }), ...(changes.favourite === undefined ? {} : { favourite: toFlag(changes.favourite) }) })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('storage_key', '<>', '')
        .returning(['id', 'character_id', 'favourite'])
        .executeTakeFirst(),

    /** Marks the items (checked to be the user's, in the caller's transaction) a favourite or not. */
    async setFavourite(userId: string, ids: readonly string[], favourite: boolean): Promise<void> {
      await db.updateTable('media_items').set({ favourite: toFlag(favourite) }).where('id', 'in', ids as string[]).where('user_id', '=', userId).execute();
    },

    /**
     * Deletes the user's items (checked by the caller, in its transaction): an upscale made from one
     * of their files no longer names it, a character whose face one was keeps the file but not the
     * link to the item (the deletions sweep keeps a file while a character names it).
     */
    async remove(userId: string, ids: readonly string[], keys: readonly string[]): Promise<void> {
      await db.deleteFrom('media_items').where('id', 'in', ids as string[]).where('user_id', '=', userId).execute();
      if (keys.length > 0) await db.updateTable('media_items').set({ upscaled_from: null }).where('user_id', '=', userId).where('upscaled_from', 'in', keys as string[]).execute();
      await db.updateTable('characters').set({ face_media_id: null }).where('user_id', '=', userId).where('face_media_id', 'in', ids as string[]).execute();
    },

    /** The user's items stored under any of `keys` (a job's inputs that are gallery items): id and key. */
    byKeys: (userId: string, keys: readonly string[]) =>
      keys.length === 0 ? Promise.resolve([]) : db.selectFrom('media_items').select(['id', 'storage_key']).where('user_id', '=', userId).where('storage_key', 'in', keys as string[]).execute(),

    /** Storage keys of all the user's media (their files, deleted with the account). */
    keysOfUser: async (userId: string): Promise<string[]> =>
      (await db.selectFrom('media_items').select('storage_key').where('user_id', '=', userId).execute()).map((r) => r.storage_key),
  };
}

export type MediaRepository = ReturnType<typeof mediaRepository>;
