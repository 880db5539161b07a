// The SQLite gallery search's candidate index (migration 0015_gallery_terms, issue 29), dropped by
// 0016 when the search moved into memory (gallery-cache.ts). Its terms function stays registered on
// every SQLite connection for 0015 itself: a database migrated from before it runs its triggers and
// backfill (and 0016's down rebuilds it).
//
// A q word matches where search_text contains it (LIKE '%word%', repositories/media.ts). Walking a
// user's group newest first and testing each item stops early when the words are common, but a
// rare word, or two words found together in few items, makes the walk read the whole group. So
// SQLite also keeps an FTS5 index of each item's 3-character runs, as terms scoped to its owner and
// kind: every item containing a word contains the word's runs, so the items holding all of them
// are a superset of the matches, found by FTS5's merge of short lists instead of a walk. The LIKE
// still decides; this only narrows where it looks. (Postgres has pg_trgm's index for the same, 0012.)
//
// Terms are ASCII (FTS5's ascii tokenizer splits on anything else): 'g' + 10 hex digits of a hash
// of (user_id, kind) + the run's UTF-8 bytes in hex. Runs never span whitespace, as q words never
// hold any. Two scopes sharing a hash only add candidates, which the user_id and kind conditions drop.
import { createHash } from 'node:crypto';

/** How many characters a run has: the shortest word the index can find; shorter ones are walked for. */
const RUN = 3;

const WHITESPACE = /\s+/u;

const scopeOf = (userId: string, kind: string): string => `g${createHash('sha1').update(`${userId}\0${kind}`).digest('hex').slice(0, 10)}`;

const hex = (chars: readonly string[]): string => Buffer.from(chars.join(''), 'utf8').toString('hex');

/** Every run of `word` (by code point). */
function runsOf(word: string): string[] {
  const chars = Array.from(word);
  const runs: string[] = [];
  for (let i = 0; i + RUN <= chars.length; i += 1) runs.push(hex(chars.slice(i, i + RUN)));
  return runs;
}

/** The FTS5 document of an item: its folded search_text's runs as scoped terms (SQL function gallery_terms). */
export function galleryTerms(userId: string, kind: string, searchText: string): string {
  const scope = scopeOf(userId, kind);
  const runs = new Set<string>();
  for (const word of searchText.split(WHITESPACE)) for (const run of runsOf(word)) runs.add(run);
  return [...runs].map((run) => scope + run).join(' ');
}
