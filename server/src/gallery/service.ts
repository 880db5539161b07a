// The gallery (spec §3) and its search (issue 29): which page of which kind each group gets, and
// where the next page starts. The items, their freshness and their answer pieces are the gallery
// repository's (db/repositories/gallery.ts); the request and the answer's shape are the route's.
import { GALLERY_GROUPS, type GalleryGroup } from '../../../contract/studio.ts';
import type { Db } from '../db/index.ts';
import { CHARACTER_MESSAGES } from '../../../contract/characters.ts';
import { charactersRepository } from '../db/repositories/characters.ts';
import { HttpError } from '../http-error.ts';
import { galleryRepository, type GalleryItem, type GalleryPosition, type PieceWriter } from '../db/repositories/gallery.ts';
import type { MediaKind } from '../db/schema.ts';

export type { GalleryItem, GalleryPosition, PieceWriter };

export { GROUP_OF } from './items.ts';

/** The media_items kind behind each response group (spec §3). */
export const KIND_OF: Readonly<Record<GalleryGroup, MediaKind>> = { faces: 'face', images: 'image', videos: 'video', cloth: 'cloth', audio: 'audio', gen_video: 'imgTovideo' };

/** The newest items per group the plain gallery answers (the page shows them all in tabs). */
const PER_GROUP = 500;

/** A search of the gallery, its fields checked. */
export interface GallerySearch {
  /** The groups asked for, in the response's order. */
  groups: GalleryGroup[];
  /** Folded words (jobs/search-text.ts searchWords); every one must match. */
  words: string[];
  /** Inclusive bounds on created_at (ISO UTC text). */
  from?: string;
  to?: string;
  /** Only the items of this character (an id, checked to be the user's), or of none (null); absent: any. */
  character?: string | null;
  /** Only the favourites (issue 45). */
  favourites?: boolean;
  /** Items per group. */
  limit: number;
  /**
   * Where each group's page starts: absent from the map on the first page, a position after it,
   * null once the group has been answered to its end.
   */
  after: Map<GalleryGroup, GalleryPosition | null>;
}

/** What the gallery answers: each group's items as answer pieces and, while any group goes on, where each one's next page starts. */
export interface GalleryAnswer {
  groups: readonly GalleryGroup[];
  /** pieces[i]: the items of groups[i], newest first, as `write` made them. */
  pieces: string[][];
  /** Each group's last item answered, or null when it has no more; absent when none has. */
  next?: Map<GalleryGroup, GalleryPosition | null>;
}

export function galleryService(db: Db) {
  const gallery = galleryRepository(db);
  return {
    /** The user's plain gallery (search null: each group's newest PER_GROUP) or a page of a search. */
    async find(userId: string, search: GallerySearch | null, write: PieceWriter): Promise<GalleryAnswer> {
      if (!search) {
        const pages = await gallery.pages(userId, GALLERY_GROUPS.map((g) => ({ kind: KIND_OF[g] })), { limit: PER_GROUP });
        return { groups: GALLERY_GROUPS, pieces: pages.map((page) => gallery.pieces(page, write)) };
      }
      const { limit, words, from, to, character, favourites } = search;
      // Another user's character is as absent as a missing one.
      if (typeof character === 'string' && !(await charactersRepository(db).ofUserById(userId, character))) throw new HttpError(404, CHARACTER_MESSAGES.notFound);
      // A group answered to its end (null in the cursor) stays empty; the others get a page each, one more than the limit to tell whether it goes on.
      const open = search.groups.filter((g) => search.after.get(g) !== null);
      const pages = await gallery.pages(userId, open.map((g) => ({ kind: KIND_OF[g], after: search.after.get(g) ?? undefined })), { words, from, to, character, favourites, limit: limit + 1 });
      const next = new Map<GalleryGroup, GalleryPosition | null>();
      const pieces = search.groups.map((g) => {
        const page = pages[open.indexOf(g)] ?? [];
        next.set(g, page.length > limit ? page[limit - 1]! : null);
        return gallery.pieces(page.slice(0, limit), write);
      });
      const more = [...next.values()].some((at) => at !== null);
      return { groups: search.groups, pieces, ...(more ? { next } : {}) };
    },
  };
}
