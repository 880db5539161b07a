import '../gallery-schema.ts';
import '../generation-schema.ts';
import { galleryCacheOf, galleryPage, NO_ITEMS, type GalleryItem, type GalleryPosition, type GalleryQuery } from '../gallery-cache.ts';
import type { Db } from '../index.ts';
import type { MediaKind, NewMediaItem } from '../schema.ts';
import { newId } from '../util.ts';

export type { GalleryItem, GalleryPosition, GalleryQuery };

/** A job's output, before it has an id and its job. */
export type NewJobMedia = Omit<NewMediaItem, 'id' | 'job_id'>;

/** Where one group's page starts: the kind, and the position it follows (the first page without). */
export interface GalleryPageStart {
  kind: MediaKind;
  after?: GalleryPosition;
}

/** The media jobs made, each owned by one user (the gallery's listing and search read them in db/gallery-cache.ts). */
export function mediaRepository(db: Db) {
  return {
    /** Stores a job's outputs (called in the transaction that marks the job succeeded). */
    async addForJob(jobId: string, media: readonly NewJobMedia[]): Promise<void> {
      if (media.length > 0) await db.insertInto('media_items').values(media.map((m) => ({ ...m, id: newId(), job_id: jobId }))).execute();
    },


    /**
     * A page of the user's items of each kind that have a stored file, newest first (created_at
     * desc, id desc) from its keyset position, holding every word: pages[i] for starts[i]. Answered
     * from the user's gallery kept in memory (gallery-cache.ts), as fresh as the database.
     */
    async galleryPages(userId: string, starts: readonly GalleryPageStart[], query: GalleryQuery): Promise<GalleryItem[][]> {
      if (starts.length === 0) return [];
      const { byKind } = await galleryCacheOf(db).of(userId);
      return starts.map(({ kind, after }) => galleryPage(byKind.get(kind) ?? NO_ITEMS, after, query));
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
