// The gallery: each user's items kept in memory, with everything that keeps them right and quick
// (issues 29, 43): loading them, their version, their search signatures and the pieces of answer
// JSON written for them. The only reader of media_items for the gallery and the only SQL on
// gallery_versions; the jobs' writes stay in media.ts.
//
// Why memory: the gallery and its search read one user's items again and again (every visit, every
// page, every search as it is typed), and a search's words can match anywhere in an item's text,
// which no SQL index answers in a few rows' reads: a search of six groups over 10,000 items cost
// SQLite ~2 ms of the 3 ms the whole request took. So each API process loads a user's items with a
// stored file once, sorted the gallery's way (created_at desc, id desc) by kind, and answers pages
// and searches from them: a search of the same six groups takes a few hundredths of a millisecond.
//
// Freshness: gallery_versions moves with every write to the user's media_items (triggers, migration
// 0019), whichever process makes it. Each read asks for it first (one indexed read) and loads the
// items again when it has moved. The version is read before the items, so items kept under a
// version are never older than it.
//
// Memory: the galleries last used are kept within a budget of estimated bytes (~650 bytes per item
// with its answer piece: 10,000 items are ~6.5 MB), the least recently used dropped first. A gallery
// larger than the whole budget is still answered, from a load made for that one request.
import '../gallery-schema.ts';
import '../workspace-schema.ts';
import '../characters-schema.ts';
import type { Db } from '../index.ts';
import type { MediaItem, MediaKind } from '../schema.ts';

/** The columns an item is searched and answered with. */
const COLUMNS = [
  'id', 'kind', 'storage_key', 'gender', 'face_prompt', 'created_at', 'upscaled_from', 'scale', 'job_id', 'search_text', 'character_id',
  'favourite', 'source_kind', 'source_text', 'engine', 'width', 'height', 'duration_seconds',
] as const;

/** A gallery item as the cache holds it: shared by every request, never to be changed. */
export type GalleryItem = Readonly<Pick<MediaItem, (typeof COLUMNS)[number]>>;

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
  /** Only the items of this character (issue 44), or of none (null); absent: any. */
  character?: string | null;
  /** Only the favourites (issue 45). */
  favourites?: boolean;
  /** Items per group. */
  limit: number;
}

/**
 * One kind's items, newest first, with their signatures stored by bit: for each of the SIGNATURE_BITS
 * bits, one bit per item (item i is bit i % 32 of int i >> 5), that bit's ints following each other.
 */
export interface GalleryList {
  readonly items: readonly GalleryItem[];
  readonly slices: Int32Array;
}

/** A user's items with a stored file, per kind. */
export interface Gallery {
  readonly byKind: ReadonlyMap<MediaKind, GalleryList>;
  /** Estimated bytes held (what the budget counts). */
  readonly bytes: number;
}

const EMPTY: Gallery = { byKind: new Map(), bytes: 0 };

/** A kind the user has no items of. */
export const NO_ITEMS: GalleryList = { items: [], slices: new Int32Array(0) };

/** The default budget of each process's cache. */
export const GALLERY_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * An item's bytes as estimated for the budget beside its strings (UTF-16): the object, its signature,
 * and its answer piece (pieces: its fields' text and names, ~150).
 */
const ITEM_OVERHEAD = 330;

/**
 * A text's signature: a set of SIGNATURE_BITS bits, one for each character pair it holds (hashed).
 * A text holding a word holds its pairs, so it has every bit of the word's signature. The search
 * ANDs the bits a query's words need over 32 items at a time and looks for the words only in the
 * items left (an 8-word prompt sets about a third of the bits: an item lacking a 7-character word
 * is left about once in 2,000). Long texts set most bits and are simply searched.
 */
const SIGNATURE_BITS = 128;

/** The signature bit of the character pair (a, b). */
const pairBit = (a: number, b: number): number => Math.imul(Math.imul(a, 0x9e3779b1) ^ b, 0x85ebca6b) >>> 25;

/** The signature bits of `word`'s character pairs, each once. */
function signatureOf(word: string): number[] {
  const bits = new Set<number>();
  for (let i = 1; i < word.length; i++) bits.add(pairBit(word.charCodeAt(i - 1), word.charCodeAt(i)));
  return [...bits];
}

/** (created_at desc, id desc), compared as SQL's binary collation does for ISO dates and ids. */
const newestFirst = (a: GalleryItem, b: GalleryItem): number =>
  a.created_at === b.created_at ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.created_at < b.created_at ? 1 : -1;

/** True when `item` comes after `at` in newest-first order. */
const isAfter = (item: GalleryItem, at: GalleryPosition): boolean => item.created_at < at.created_at || (item.created_at === at.created_at && item.id < at.id);

/** The first index in `items` (newest first) at which `test` holds; it must hold from some index on. */
function firstWhere(items: readonly GalleryItem[], test: (item: GalleryItem) => boolean): number {
  let [lo, hi] = [0, items.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(items[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Each kept list's items split by character (null: none), made when a search first names one. */
const listsByCharacter = new WeakMap<GalleryList, Map<string | null, GalleryList>>();

/**
 * `list`'s items of one character (or of none), as a list of their own with its own signatures: a
 * search by character then reads only that character's items instead of skipping the others'
 * (bench:api, 10,000 items over 5 characters and none: p50 14.8 ms against the unfiltered 10 ms).
 */
function characterList(list: GalleryList, character: string | null): GalleryList {
  let split = listsByCharacter.get(list);
  if (!split) {
    const groups = new Map<string | null, GalleryItem[]>();
    for (const item of list.items) {
      const group = groups.get(item.character_id);
      if (group) group.push(item);
      else groups.set(item.character_id, [item]);
    }
    split = new Map([...groups].map(([id, items]) => [id, galleryListOf(items)]));
    listsByCharacter.set(list, split);
  }
  return split.get(character) ?? NO_ITEMS;
}

/** Each kept list's favourites as a list of their own (issue 45), made when a search first asks for them. */
const favouriteLists = new WeakMap<GalleryList, GalleryList>();

function favouriteList(list: GalleryList): GalleryList {
  let favourites = favouriteLists.get(list);
  if (!favourites) favouriteLists.set(list, (favourites = galleryListOf(list.items.filter((item) => item.favourite === 1))));
  return favourites;
}

/** A page of one kind's items: after `after`, within from/to, holding every word (and of `character`, favourites only when asked), at most `limit`, newest first. */
export function galleryPage(list: GalleryList, after: GalleryPosition | undefined, query: GalleryQuery): GalleryItem[] {
  if (query.favourites) return galleryPage(favouriteList(list), after, { ...query, favourites: false });
  if (query.character !== undefined) return galleryPage(characterList(list, query.character), after, { ...query, character: undefined });
  const { items, slices } = list;
  const { from, to, limit } = query;
  const words = query.words ?? [];
  // Each word's pairs (not pairs across words: they need not stand side by side).
  const bits = [...new Set(words.flatMap(signatureOf))];
  // The items between start and end are the ones after the cursor and within from/to.
  let start = 0;
  if (after) start = firstWhere(items, (item) => isAfter(item, after));
  if (to !== undefined) start = Math.max(start, firstWhere(items, (item) => item.created_at <= to));
  const end = from === undefined ? items.length : firstWhere(items, (item) => item.created_at < from);
  const ints = (items.length + 31) >>> 5;
  const page: GalleryItem[] = [];
  for (let chunk = start >>> 5; chunk << 5 < end && page.length < limit; chunk++) {
    let left = -1;
    for (let b = 0; b < bits.length && left !== 0; b++) left &= slices[bits[b]! * ints + chunk]!;
    // Items of the chunk before start or from end on are not asked for.
    if (chunk === start >>> 5) left &= -1 << (start & 31);
    if ((chunk + 1) << 5 > end) left &= (1 << (end & 31)) - 1;
    while (left !== 0 && page.length < limit) {
      const lowest = left & -left;
      left ^= lowest;
      const item = items[(chunk << 5) | (31 - Math.clz32(lowest))]!;
      if (words.every((word) => item.search_text.includes(word))) page.push(item);
    }
  }
  return page;
}

/** One kind's items as a list to search: sorted newest first (in place) and their signatures made. */
export function galleryListOf(items: GalleryItem[]): GalleryList {
  items.sort(newestFirst);
  const ints = (items.length + 31) >>> 5;
  const slices = new Int32Array(SIGNATURE_BITS * ints);
  items.forEach(({ search_text: text }, i) => {
    const [int, mask] = [i >>> 5, 1 << (i & 31)];
    for (let c = 1; c < text.length; c++) slices[pairBit(text.charCodeAt(c - 1), text.charCodeAt(c)) * ints + int]! |= mask;
  });
  return { items, slices };
}

/** The user's items loaded from the database. */
async function load(db: Db, userId: string): Promise<Gallery> {
  const rows = (await db.selectFrom('media_items').select(COLUMNS).where('user_id', '=', userId).where('storage_key', '<>', '').execute()) as GalleryItem[];
  const lists = new Map<MediaKind, GalleryItem[]>();
  let bytes = 0;
  for (const row of rows) {
    const list = lists.get(row.kind);
    if (list) list.push(row);
    else lists.set(row.kind, [row]);
    bytes += ITEM_OVERHEAD + 2 * (row.id.length + row.storage_key.length + row.created_at.length + row.search_text.length + (row.face_prompt?.length ?? 0) + (row.upscaled_from?.length ?? 0) + (row.job_id?.length ?? 0) + (row.character_id?.length ?? 0) + (row.source_text?.length ?? 0) + (row.engine?.length ?? 0));
  }
  const byKind = new Map<MediaKind, GalleryList>();
  for (const [kind, items] of lists) byKind.set(kind, galleryListOf(items));
  return { byKind, bytes };
}

interface Entry {
  version: number;
  gallery: Promise<Gallery>;
  /** Counted in the budget once loaded. */
  bytes: number;
}

/** One process's galleries, the least recently used first in `entries`. */
export class GalleryCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(
    private readonly db: Db,
    private readonly budgetBytes = GALLERY_CACHE_BYTES,
  ) {}

  /** Bytes held now (loaded galleries only). */
  get bytes(): number {
    return this.#bytes;
  }

  /** The user's gallery as the database has it now; empty for a user who does not exist. */
  async of(userId: string): Promise<Gallery> {
    const user = await this.db
      .selectFrom('users')
      .leftJoin('gallery_versions', 'gallery_versions.user_id', 'users.id')
      .select((eb) => eb.fn.coalesce('gallery_versions.version', eb.lit(0)).as('version'))
      .where('users.id', '=', userId)
      .executeTakeFirst();
    const held = this.#entries.get(userId);
    if (held) this.#drop(userId, held);
    if (!user) return EMPTY;
    if (held?.version === user.version) {
      this.#entries.set(userId, held); // now the most recently used
      this.#bytes += held.bytes;
      return held.gallery;
    }
    const entry: Entry = { version: user.version, gallery: load(this.db, userId), bytes: 0 };
    this.#entries.set(userId, entry);
    try {
      const gallery = await entry.gallery;
      if (this.#entries.get(userId) === entry && entry.bytes === 0) {
        entry.bytes = gallery.bytes;
        this.#bytes += gallery.bytes;
        this.#trim();
      }
      return gallery;
    } catch (err) {
      if (this.#entries.get(userId) === entry) this.#entries.delete(userId);
      throw err;
    }
  }

  #drop(userId: string, entry: Entry): void {
    this.#entries.delete(userId);
    this.#bytes -= entry.bytes;
  }

  /** Drops the least recently used galleries until the rest fit the budget (a too large one goes too). */
  #trim(): void {
    for (const [userId, entry] of this.#entries) {
      if (this.#bytes <= this.budgetBytes) return;
      this.#drop(userId, entry);
    }
  }
}

const caches = new WeakMap<Db, GalleryCache>();

/** The cache of the process's database connection. */
function galleryCacheOf(db: Db): GalleryCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new GalleryCache(db)));
  return cache;
}

/** Writes an item's piece of an answer (its JSON); it must write the same text for the same item every time. */
export type PieceWriter = (item: GalleryItem) => string;

/**
 * Each writer's pieces by item: written once while the item's gallery is kept and let go with it
 * (counted in its budget, ITEM_OVERHEAD), instead of serialising hundreds of items for every answer
 * (a 300-item search spent more on that than on anything else).
 */
const piecesByWriter = new WeakMap<PieceWriter, WeakMap<GalleryItem, string>>();

/** A character's gallery items of one kind: how many, and the newest one's time (issue 44). */
export interface CharacterActivity {
  character_id: string;
  kind: MediaKind;
  count: number;
  last: string;
}

/** Each kept gallery's items tallied by character and kind, made once per gallery (a new version is a new gallery). */
const activityByGallery = new WeakMap<Gallery, CharacterActivity[]>();

function activityOf(gallery: Gallery): CharacterActivity[] {
  let tally = activityByGallery.get(gallery);
  if (tally) return tally;
  tally = [];
  for (const [kind, { items }] of gallery.byKind) {
    const byCharacter = new Map<string, CharacterActivity>();
    // Newest first: the first item of a character is its newest.
    for (const item of items) {
      if (item.character_id === null) continue;
      const held = byCharacter.get(item.character_id);
      if (held) held.count += 1;
      else byCharacter.set(item.character_id, { character_id: item.character_id, kind, count: 1, last: item.created_at });
    }
    tally.push(...byCharacter.values());
  }
  activityByGallery.set(gallery, tally);
  return tally;
}

/** Where one kind's page starts: the kind, and the position it follows (the first page without). */
export interface GalleryPageStart {
  kind: MediaKind;
  after?: GalleryPosition;
}

/** The users' galleries: their pages and searches, and the answer pieces of their items. */
export function galleryRepository(db: Db) {
  return {
    /**
     * A page of the user's items of each kind that have a stored file, newest first (created_at
     * desc, id desc) from its keyset position, holding every word: pages[i] for starts[i]. Answered
     * from the user's gallery kept in memory, as fresh as the database.
     */
    async pages(userId: string, starts: readonly GalleryPageStart[], query: GalleryQuery): Promise<GalleryItem[][]> {
      if (starts.length === 0) return [];
      const { byKind } = await galleryCacheOf(db).of(userId);
      return starts.map(({ kind, after }) => galleryPage(byKind.get(kind) ?? NO_ITEMS, after, query));
    },

    /** The user's items with a stored file per character and kind (issue 44), from the gallery kept in memory. */
    async characterActivity(userId: string): Promise<readonly CharacterActivity[]> {
      return activityOf(await galleryCacheOf(db).of(userId));
    },

    /** The items' answer pieces as `write` makes them, each written once while its gallery is kept. */
    pieces(items: readonly GalleryItem[], write: PieceWriter): string[] {
      let written = piecesByWriter.get(write);
      if (!written) piecesByWriter.set(write, (written = new WeakMap()));
      return items.map((item) => {
        let text = written.get(item);
        if (text === undefined) written.set(item, (text = write(item)));
        return text;
      });
    },
  };
}

export type GalleryRepository = ReturnType<typeof galleryRepository>;
