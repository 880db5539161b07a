// How a character's numbers read on its card and profile.
import type { Character } from '../../stores/characterStore';

const NOUNS: Record<keyof Character['counts'], [string, string]> = {
  faces: ['face', 'faces'],
  images: ['image', 'images'],
  videos: ['video', 'videos'],
  cloth: ['cloth swap', 'cloth swaps'],
  gen_video: ['clip', 'clips'],
  audio: ['song', 'songs'],
};

/** "2 faces · 5 images · 1 clip"; "Nothing made yet" when all are 0. */
export function countsText(counts: Character['counts']): string {
  const parts = (Object.keys(NOUNS) as (keyof Character['counts'])[]).filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${NOUNS[k][counts[k] === 1 ? 0 : 1]}`);
  return parts.length ? parts.join(' · ') : 'Nothing made yet';
}

export const totalOutputs = (counts: Character['counts']): number => Object.values(counts).reduce((a, b) => a + b, 0);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3600], ['minute', 60]];

/** "Active 3 days ago" (or "Active just now"), from the last activity's time. */
export function activityText(at: string, now = Date.now()): string {
  const seconds = Math.round((new Date(at).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) if (Math.abs(seconds) >= size) return `Active ${format.format(Math.round(seconds / size), unit)}`;
  return 'Active just now';
}
