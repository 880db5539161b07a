import '../gallery-schema.ts';
import '../generation-schema.ts';
import { sql } from 'kysely';
import type { Db } from '../index.ts';
import type { MediaKind, NewMediaItem } from '../schema.ts';
import { newId } from '../util.ts';

/** A job's output, before it has an id and its job. */
export type NewJobMedia = Omit<NewMediaItem, 'id' | 'job_id'>;

/** Where a gallery page starts: after this item in (created_at desc, id desc) order. */
export interface GalleryPosition {
  created_at: string;
  id: string;
}

/** One group's page of the gallery search; every condition optional. */
export interface GalleryPageQuery {
  /** LIKE patterns (search-text.ts containsPattern), all of which search_text must match. */
  patterns?: readonly string[];
  /** Inclusive bounds on created_at (ISO text, compared as text). */
  from?: string;
  to?: string;
  after?: GalleryPosition;
  limit: number;
}

/** The media jobs made, each owned by one user (the only SQL on media_items). */
export function mediaRepository(db: Db) {
  return {
    /** Stores a job's outputs (called in the transaction that marks the job succeeded). */
    async addForJob(jobId: string, media: readonly NewJobMedia[]): Promise<void> {
      if (media.length > 0) await db.insertInto('media_items').values(media.map((m) => ({ ...m, id: newId(), job_id: jobId }))).execute();
    },

    /** The user's media, newest first (the gallery). */
    ofUser: (userId: string) =>
      db
        .selectFrom('media_items')
        .select(['id', 'kind', 'url', 'storage_key', 'gender', 'face_prompt', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute(),

    /**
     * The user's items of one kind that have a stored file, newest first (created_at desc, id desc),
     * from a keyset position: the (user_id, kind, created_at desc, id desc) index walked in order.
     */
    galleryPage(userId: string, kind: MediaKind, query: GalleryPageQuery) {
      let q = db
        .selectFrom('media_items')
        .select(['id', 'storage_key', 'gender', 'face_prompt', 'created_at', 'upscaled_from', 'scale', 'job_id'])
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('storage_key', '<>', '');
      if (query.from !== undefined) q = q.where('created_at', '>=', query.from);
      if (query.to !== undefined) q = q.where('created_at', '<=', query.to);
      const after = query.after;
      // The first condition bounds the index range; the second steps past the same instant's ids.
      if (after) q = q.where('created_at', '<=', after.created_at).where((eb) => eb.or([eb('created_at', '<', after.created_at), eb('id', '<', after.id)]));
      for (const pattern of query.patterns ?? []) q = q.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
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
