// The gallery search (issue 29): POST /gallery/ with q, kinds, from/to and a cursor, one page of
// every group asked at a time. Offline (no answer from the server) it searches the device's copy
// of the gallery (galleryStore's IndexedDB record) with the same filters, in one page. A search by
// character (issue 44) keeps its first page on the device too, so a character's profile opens offline.
import { CHARACTER_NONE } from '../../contract/characters';
import { GALLERY_GROUPS, type GalleryGroup, type GalleryResponse, type GallerySearchResponse } from '../../contract/studio';
import { api, ApiError } from '../api/client';
import { readSavedOutputs, saveOutputs } from '../lib/characterDevice';
import { readSaved } from './galleryStore';

export interface GalleryFilters {
  /** Words in the prompt or celebrity names (every one must match). */
  q: string;
  kinds: readonly GalleryGroup[];
  /** YYYY-MM-DD, or '' for no bound. */
  from: string;
  to: string;
  /** A character's id, CHARACTER_NONE for items of none, or '' for all (issue 44). */
  character: string;
  /** Only the items marked favourite (issue 45). */
  favourites?: boolean;
}

export interface GalleryPage {
  groups: Partial<GalleryResponse>;
  nextCursor: string | null;
  /** From the device's copy: the server could not be reached. */
  offline: boolean;
}

/** Items per group per page: small enough that the first page shows at once, big enough to fill a screen. */
export const SEARCH_PAGE = 24;

/** Any filter set: the gallery shows search results instead of its tabs. */
export const isSearching = (f: GalleryFilters): boolean => f.q.trim() !== '' || f.from !== '' || f.to !== '' || f.kinds.length !== GALLERY_GROUPS.length || f.character !== '' || f.favourites === true;

/** Folded as the server folds (server/src/jobs/search-text.ts): lower case, NFKC. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The device's copy filtered as the server would, as far as it can: the words in a face's
 * description (face_prompt, the only text the gallery's response carries; the server searches the
 * prompts and names the user gave, which the device does not have), created_at within the UTC days.
 */
export function searchSaved(data: Partial<GalleryResponse>, filters: GalleryFilters): Partial<GalleryResponse> {
  const words = fold(filters.q).split(/\s+/u).filter(Boolean);
  const from = filters.from ? `${filters.from}T00:00:00.000Z` : '';
  const to = filters.to ? `${filters.to}T23:59:59.999Z` : '';
  const inRange = (at: string) => {
    const t = new Date(at).toISOString();
    return (!from || t >= from) && (!to || t <= to);
  };
  const matches = (text: string | null | undefined) => words.every((w) => fold(text ?? '').includes(w));
  const ofCharacter = (id: string | null | undefined) => !filters.character || (filters.character === CHARACTER_NONE ? !id : id === filters.character);
  const out: Record<string, unknown[]> = {};
  for (const g of filters.kinds) {
    const items = (data[g] ?? []) as readonly { created_at: string; face_prompt?: string | null; character_id?: string | null; favourite?: boolean }[];
    out[g] = items.filter((i) => inRange(i.created_at) && ofCharacter(i.character_id) && (!filters.favourites || i.favourite === true) && (words.length === 0 || matches(i.face_prompt)));
  }
  return out as Partial<GalleryResponse>;
}

/** One page of the search: the first without a cursor, the next with the last page's. */
export async function searchGallery(userId: string, filters: GalleryFilters, cursor: string | null): Promise<GalleryPage> {
  const body = {
    user_id: userId,
    ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
    kinds: [...filters.kinds],
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    limit: SEARCH_PAGE,
    ...(cursor ? { cursor } : {}),
    ...(filters.character ? { character: filters.character } : {}),
    ...(filters.favourites ? { favourites: true } : {}),
  };
  const character = filters.character && filters.character !== CHARACTER_NONE ? filters.character : null;
  try {
    const { data } = await api.post<GallerySearchResponse>('/gallery/', body, { securityKey: true });
    const { next_cursor, ...groups } = data;
    if (character && !cursor) void saveOutputs(userId, character, groups);
    return { groups, nextCursor: next_cursor ?? null, offline: false };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 0)) throw err;
    if (cursor) throw err; // a next page offline: the first already held all the device has
    // A character's last outputs as its profile saw them, else the gallery's copy.
    const saved = (character ? (await readSavedOutputs(userId, character))?.groups : undefined) ?? (await readSaved(userId))?.data;
    if (!saved) throw err;
    return { groups: searchSaved(saved, filters), nextCursor: null, offline: true };
  }
}
