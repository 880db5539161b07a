// The gallery's items as the page shows them (its tabs, its search results, the details panel):
// read from POST /gallery/'s groups, with what made each one in words (issue 45).
import { SOURCE_LABELS, type ItemSource } from '../../contract/media';
import type { GalleryGroup, GalleryResponse } from '../../contract/studio';

export type Tab = 'faces' | 'images' | 'videos' | 'cloth' | 'imgTovideo' | 'audio';
/** The gallery's tabs, named as the spec names them; imgTovideo is the server's gen_video group. */
export const TABS: readonly { value: Tab; label: string; group: GalleryGroup }[] = [
  { value: 'faces', label: 'faces', group: 'faces' },
  { value: 'images', label: 'images', group: 'images' },
  { value: 'videos', label: 'videos', group: 'videos' },
  { value: 'cloth', label: 'cloth', group: 'cloth' },
  { value: 'imgTovideo', label: 'imgTovideo', group: 'gen_video' },
  { value: 'audio', label: 'audio', group: 'audio' },
];

export interface Item {
  id: string;
  url: string;
  kind: 'image' | 'video' | 'audio';
  /** The job that made it, when the server says (Re-run needs it). */
  jobId: string | null;
  /** An upscale (issue 31): the picture it was made from, and how many times larger it is. */
  upscaled?: { from: string; scale: number };
  /** The character it was made for (issue 44), when any. */
  characterId?: string | null;
  /** Issue 45: what made it and how big it is, as far as the server says. */
  createdAt?: string;
  favourite?: boolean;
  source?: ItemSource | null;
  engine?: string | null;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

type Raw = { id: string; created_at: string; job_id?: string | null; character_id?: string | null; favourite?: boolean; source?: ItemSource | null; engine?: string | null; width?: number | null; height?: number | null; duration_seconds?: number | null };

/** The items of a tab, newest first (as the server sends them), those without a URL dropped. */
export function itemsOf(data: Partial<GalleryResponse>, tab: Tab): Item[] {
  const raw: (Omit<Item, 'jobId'> & { from: Raw })[] =
    tab === 'faces' ? (data.faces ?? []).map((f) => ({ id: f.id, url: f.image_url, kind: 'image', from: f }))
    : tab === 'images' ? (data.images ?? []).map((i) => ({ id: i.id, url: i.image_url, kind: 'image', from: i, ...(i.upscaled_from && i.scale ? { upscaled: { from: i.upscaled_from, scale: i.scale } } : {}) }))
    : tab === 'videos' ? (data.videos ?? []).map((v) => ({ id: v.id, url: v.video_url, kind: 'video', from: v }))
    : tab === 'cloth' ? (data.cloth ?? []).map((c) => ({ id: c.id, url: c.gen_image_url, kind: 'image', from: c }))
    : tab === 'imgTovideo' ? (data.gen_video ?? []).map((v) => ({ id: v.id, url: v.video_url, kind: 'video', from: v }))
    : (data.audio ?? []).map((a) => ({ id: a.id, url: a.audio_url, kind: 'audio', from: a }));
  return raw
    .filter((item) => item.url)
    .map(({ from, ...item }) => ({
      ...item,
      jobId: from.job_id ?? null,
      ...(from.character_id ? { characterId: from.character_id } : {}),
      createdAt: from.created_at,
      favourite: from.favourite ?? false,
      source: from.source ?? null,
      engine: from.engine ?? null,
      width: from.width ?? null,
      height: from.height ?? null,
      durationSeconds: from.duration_seconds ?? null,
    }));
}

export const TAB_NOUN: Record<Tab, string> = { faces: 'Face', images: 'Image', videos: 'Video', cloth: 'Cloth swap', imgTovideo: 'Image to video', audio: 'Song' };

/** The words that made it: the prompt, names or template as typed, or "From your upload"; null when not known. */
export function sourceWords(source: ItemSource | null | undefined): string | null {
  if (!source) return null;
  return source.text.trim() || SOURCE_LABELS[source.kind] || null;
}

/** "1536 × 2048" for pictures and videos, "0:12" for songs (and videos without pixels); null when not known. */
export function sizeWords(item: Pick<Item, 'width' | 'height' | 'durationSeconds' | 'kind'>): string | null {
  const pixels = item.width && item.height ? `${item.width} × ${item.height}` : null;
  const whole = item.durationSeconds != null && item.kind !== 'image' ? Math.round(item.durationSeconds) : null;
  const duration = whole !== null ? `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}` : null;
  return [pixels, duration].filter(Boolean).join(', ') || null;
}

/** The item's date as the user's locale writes it ('' when not known). */
export const dateWords = (at: string | undefined): string => (at ? new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }) : '');

/** An engine's name as the card says it; 'local' is the 'Local engine' badge instead. */
export const engineWords = (engine: string | null | undefined): string | null => (!engine || engine === 'local' ? null : engine.charAt(0).toUpperCase() + engine.slice(1));
