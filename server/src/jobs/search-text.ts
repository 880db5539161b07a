// The words a job's media is found by in the gallery search (issue 29): its prompt, its celebrity
// names and a song's lyrics, as the user gave them in the job's input. Stored folded (lower case,
// NFKC) in media_items.search_text, and the query's words are folded the same way, so a plain
// substring test (db/repositories/gallery.ts) matches case-insensitively.

/** Lower case, compatibility-normalised text: what both sides of a search are compared as. */
export const foldForSearch = (text: string): string => text.normalize('NFKC').toLowerCase();

/**
 * The searchable text of a job input (a JobInput, or one read back from jobs.input by the
 * migration's backfill, hence `unknown`): '' when it has no words (swaps, cloth).
 */
export function searchTextOf(input: unknown): string {
  if (typeof input !== 'object' || input === null) return '';
  const { prompt, celebrities, lyrics } = input as Record<string, unknown>;
  const parts = [prompt, ...(Array.isArray(celebrities) ? celebrities : []), lyrics].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return foldForSearch(parts.join('\n'));
}

/** The words of a search query, folded; every one must match. */
export const searchWords = (q: string): string[] => foldForSearch(q).split(/\s+/u).filter(Boolean);
