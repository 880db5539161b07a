// Small text helpers used by the public pages.

/** Blog card limits (spec 000 §9). */
export const BLOG_CARD_TITLE_MAX = 45;
export const BLOG_CARD_SUMMARY_MAX = 120;

/** Cuts `text` to `max` characters plus '...'; text that already fits is returned unchanged. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : text.slice(0, max) + '...';
}

/** Number of whitespace-separated words. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Initials for an avatar: first letters of the first and last words ('Meera K. Shah' -> 'MS'). */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const first = words.at(0)?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase();
}
