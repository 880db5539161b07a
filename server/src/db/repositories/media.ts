import '../gallery-schema.ts';
import '../generation-schema.ts';
import { sql } from 'kysely';
import { containsPattern } from '../../jobs/search-text.ts';
import { galleryTermsQuery } from '../gallery-terms.ts';
import type { Db } from '../index.ts';
import type { MediaKind, NewMediaItem } from '../schema.ts';
import { isPostgres, newId } from '../util.ts';

/** A job's output, before it has an id and its job. */
export type NewJobMedia = Omit<NewMediaItem, 'id' | 'job_id'>;

/** Where a gallery page starts: after this item in (created_at desc, id desc) order. */
export interface GalleryPosition {
  created_at: string;
  id: string;
}

/** The gallery search's conditions, the same for every group; each optional but the limit. */
export interface GalleryQuery {
  /** Folded words (search-text.ts searchWords), each of which search_text must contain. */
  words?: readonly string[];
  /** Inclusive bounds on created_at (ISO text, compared as text). */
  from?: string;
  to?: string;
  /** Items per group. */
  limit: number;
}

/** One group's page: the kind, and where it starts (the first page without). */
export interface GalleryPageStart {
  kind: MediaKind;
  after?: GalleryPosition;
}

/**
 * With up to this many candidates per item asked for, the gallery search looks each up (a lookup
 * and its sort cost ~10 steps of the walk); with more, the words are common enough that the
 * newest-first walk fills the page after about limit / (their share of the group) items.
 */
const CANDIDATES_PER_ITEM = 4;

/** The media jobs made, each owned by one user (the only SQL on media_items). */
export function mediaRepository(db: Db) {
  const postgres = isPostgres(db);

  /**
   * SQLite: per kind, the candidate index's query (db/gallery-terms.ts) for the user's items of it
   * holding `words` when it has few enough of them to look each up, else null: the walk. One
   * query counts for every kind, each count stopping one past the most worth looking up.
   */
  async function fewCandidates(userId: string, kinds: readonly MediaKind[], words: readonly string[], limit: number): Promise<(string | null)[]> {
    const matches = kinds.map((kind) => (postgres || words.length === 0 ? null : galleryTermsQuery(userId, kind, words)));
    const counted = matches.flatMap((match, i) => (match === null ? [] : [{ i, match }]));
    if (counted.length === 0) return matches;
    const most = CANDIDATES_PER_ITEM * limit;
    const counts = sql.join(counted.map(({ i, match }) => sql`(select count(*) from (select rowid from media_terms where media_terms match ${match} limit ${most + 1})) as ${sql.ref(`n${i}`)}`));
    const { rows } = await sql<Record<string, number>>`select ${counts}`.execute(db);
    return matches.map((match, i) => (match !== null && rows[0]![`n${i}`]! <= most ? match : null));
  }

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
     * A page of the user's items of each kind that have a stored file, newest first (created_at
     * desc, id desc) from its keyset position: pages[i] for starts[i]. Each page either walks the
     * (user_id, kind, created_at desc, id desc) index in order, testing each item's words, or, on
     * SQLite when the words' candidate index (0015) has few items for them, looks up just those
     * and sorts them.
     */
    async galleryPages(userId: string, starts: readonly GalleryPageStart[], query: GalleryQuery) {
      if (starts.length === 0) return [];
      const words = query.words ?? [];
      const candidates = await fewCandidates(userId, starts.map((s) => s.kind), words, query.limit);
      const page = ({ kind, after }: GalleryPageStart, i: number) => {
        const match = candidates[i];
        // SQLite joins in the order written after a CROSS JOIN: each candidate, then its row by rowid.
        let q = match
          ? db.selectFrom(sql<{ rowid: number }>`(select rowid from media_terms where media_terms match ${match})`.as('candidate')).crossJoin('media_items as m').where(sql<boolean>`m.rowid = candidate.rowid`)
          : db.selectFrom('media_items as m');
        q = q.where('m.user_id', '=', userId).where('m.kind', '=', kind).where('m.storage_key', '<>', '');
        if (query.from !== undefined) q = q.where('m.created_at', '>=', query.from);
        if (query.to !== undefined) q = q.where('m.created_at', '<=', query.to);
        // The first condition bounds the index range; the second steps past the same instant's ids.
        if (after) q = q.where('m.created_at', '<=', after.created_at).where((eb) => eb.or([eb('m.created_at', '<', after.created_at), eb('m.id', '<', after.id)]));
        for (const word of words) q = q.where(sql<boolean>`m.search_text like ${containsPattern(word)} escape '\\'`);
        return q
          .select(['m.id', 'm.storage_key', 'm.gender', 'm.face_prompt', 'm.created_at', 'm.upscaled_from', 'm.scale', 'm.job_id'])
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(query.limit)
          .execute();
      };
      return Promise.all(starts.map(page));
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
