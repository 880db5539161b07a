// Gallery items written straight into media_items (as the runner would leave them, search text
// included), for the gallery search's tests and bench:api's 10,000 items per user.
import type { GalleryGroup } from '../../../contract/studio.ts';
import '../../../server/src/db/gallery-schema.ts';
import '../../../server/src/db/characters-schema.ts';
import type { Db } from '../../../server/src/db/index.ts';
import { newId } from '../../../server/src/db/util.ts';
import { searchTextOf } from '../../../server/src/jobs/search-text.ts';
import { KIND_OF } from '../../../server/src/gallery/service.ts';

export interface SeedItem {
  group: GalleryGroup;
  created_at: string;
  /** The job input's words: { prompt }, { celebrities }, { lyrics }. */
  input?: object;
  /** '' for an item without a stored file (the gallery drops it). */
  storage_key?: string;
  id?: string;
  /** The character it was made for (issue 44); none when absent. */
  character_id?: string | null;
  /** Marked a favourite (issue 45); not when absent. */
  favourite?: boolean;
}

/** Inserts the items for `userId` (no job rows: job_id null) and answers their ids, in order. */
export async function seedGallery(db: Db, userId: string, items: readonly SeedItem[]): Promise<string[]> {
  const tagged = items.some((it) => it.character_id !== undefined);
  const rows = items.map((it) => {
    const id = it.id ?? newId();
    const key = it.storage_key ?? `gen/${id}.bin`;
    return {
      id, user_id: userId, job_id: null, kind: KIND_OF[it.group], gender: it.group === 'faces' || it.group === 'images' ? ('female' as const) : null,
      url: `/media/${key}`, storage_key: key, mime: 'application/octet-stream', bytes: 1, face_prompt: it.group === 'faces' ? 'soft light' : null,
      search_text: searchTextOf(it.input ?? {}), created_at: it.created_at,
      // Only when asked for: tests of older migrations seed a media_items without the column.
      ...(tagged ? { character_id: it.character_id ?? null } : {}),
      ...(it.favourite ? { favourite: 1 } : {}),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('media_items').values(rows.slice(i, i + 500)).execute();
  return rows.map((r) => r.id);
}

/** A small deterministic generator (mulberry32): the same items and cases on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
