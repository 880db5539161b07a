// The gallery search's request (issue 29): its fields checked into one Search, and the opaque
// cursor that carries each group's keyset position from one page to the next.
import { createHash } from 'node:crypto';
import { CHARACTER_NONE } from '../../../../contract/characters.ts';
import { GALLERY_GROUPS, GALLERY_LIMIT, type GalleryBody, type GalleryGroup } from '../../../../contract/studio.ts';
import type { GallerySearch, GalleryPosition } from '../../gallery/service.ts';
import { HttpError } from '../../http-error.ts';
import { searchWords } from '../../jobs/search-text.ts';

export interface Search extends GallerySearch {
  /** Names the filters (not the limit, which may change between pages): a cursor fits only its own search. */
  filterId: string;
}

const SEARCH_FIELDS = ['q', 'kinds', 'from', 'to', 'limit', 'cursor', 'character', 'favourites'] as const;

/** The body's search, or null when it has none of the search fields (the spec's plain gallery). */
export function parseSearch(body: GalleryBody): Search | null {
  if (SEARCH_FIELDS.every((f) => body[f] === undefined)) return null;
  const words = searchWords(body.q ?? '');
  const asked = new Set(body.kinds ?? GALLERY_GROUPS);
  const groups = GALLERY_GROUPS.filter((g) => asked.has(g));
  const from = body.from === undefined ? undefined : bound(body.from, 'from', 'start');
  const to = body.to === undefined ? undefined : bound(body.to, 'to', 'end');
  if (from !== undefined && to !== undefined && from > to) throw new HttpError(400, 'to must not be before from', 'to');
  const character = body.character === undefined ? undefined : body.character === CHARACTER_NONE ? null : body.character;
  const favourites = body.favourites === true;
  // Without a character or favourites filter the id is the one earlier cursors carry.
  const filters: unknown[] = character === undefined ? [words, groups, from ?? null, to ?? null] : [words, groups, from ?? null, to ?? null, character];
  if (favourites) filters.push({ favourites });
  const filterId = createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 16);
  const after = body.cursor === undefined ? new Map<GalleryGroup, GalleryPosition | null>() : decodeCursor(body.cursor, filterId, groups);
  return { groups, words, from, to, character, favourites, limit: body.limit ?? GALLERY_LIMIT.default, after, filterId };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/**
 * An ISO date or date-time as the ISO UTC text created_at holds: a date covers its whole UTC day
 * (from its first millisecond, to its last); a date-time must carry its offset.
 */
function bound(value: string, field: 'from' | 'to', side: 'start' | 'end'): string {
  const parts = DATE.exec(value) ?? DATE_TIME.exec(value);
  const [, y, m, d] = parts ?? [];
  const day = parts ? new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))) : null;
  // Date.UTC rolls 2025-02-30 over into March: a day that does not exist comes back different.
  if (!day || day.getUTCFullYear() !== Number(y) || day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) {
    throw new HttpError(400, `${field} must be an ISO date (YYYY-MM-DD) or date-time with an offset (YYYY-MM-DDTHH:MM:SSZ)`, field);
  }
  if (DATE.test(value)) return new Date(day.getTime() + (side === 'end' ? 86_400_000 - 1 : 0)).toISOString();
  return new Date(value).toISOString();
}

type CursorBody = { f: string; p: Record<string, [string, string] | null> };

/** base64url JSON of the search's filter id and, per group asked, its last item's (created_at, id) or null when it is done. */
export function encodeCursor(search: Search, next: Map<GalleryGroup, GalleryPosition | null>): string {
  const p: CursorBody['p'] = {};
  for (const g of search.groups) {
    const at = next.get(g) ?? null;
    p[g] = at && [at.created_at, at.id];
  }
  return Buffer.from(JSON.stringify({ f: search.filterId, p } satisfies CursorBody)).toString('base64url');
}

function decodeCursor(cursor: string, filterId: string, groups: readonly GalleryGroup[]): Map<GalleryGroup, GalleryPosition | null> {
  const bad = (why = 'is not a cursor this gallery gave') => new HttpError(400, `cursor ${why}`, 'cursor');
  let body: Partial<CursorBody> | null = null;
  try {
    if (/^[A-Za-z0-9_-]+$/.test(cursor)) body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    // answered below
  }
  if (typeof body !== 'object' || body === null || typeof body.f !== 'string' || typeof body.p !== 'object' || body.p === null) throw bad();
  if (body.f !== filterId) throw bad('belongs to another search: send the q, kinds, from, to, character and favourites of the page it came from');
  const p = body.p;
  if (Object.keys(p).length !== groups.length || !groups.every((g) => g in p)) throw bad();
  const after = new Map<GalleryGroup, GalleryPosition | null>();
  for (const g of groups) {
    const at = p[g];
    const isPosition = Array.isArray(at) && at.length === 2 && at.every((s) => typeof s === 'string' && s.length > 0 && s.length <= 64);
    if (at !== null && !isPosition) throw bad();
    after.set(g, at && { created_at: at[0], id: at[1] });
  }
  return after;
}
