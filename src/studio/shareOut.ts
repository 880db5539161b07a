// Share out (issue 28): which results this browser can share as files, and the file a share
// sends. Pictures and videos go out watermarked, the very file a download saves (the bridge's
// prepareWatermarked); songs have no watermarked form (spec §2: they play in place), so a song
// goes out as the server made it, which carries its AI marks in the ID3 tag.
import type { ImageVariant } from '../../contract/watermark';

export type ShareKind = 'image' | 'video' | 'audio';

export interface ShareItem {
  id?: string;
  url: string;
  kind: ShareKind;
}

export interface PrepareOptions {
  variant?: ImageVariant;
  signal?: AbortSignal;
  /** 0..1 while a video is watermarked. */
  onProgress?: (progress: number) => void;
}

/** The type of the file each kind shares: a watermarked PNG or MP4, a song as the engines make it. */
const PROBE_TYPE: Record<ShareKind, { type: string; name: string }> = {
  image: { type: 'image/png', name: 'probe.png' },
  video: { type: 'video/mp4', name: 'probe.mp4' },
  audio: { type: 'audio/mpeg', name: 'probe.mp3' },
};

const verdicts = new Map<ShareKind, boolean>();

/**
 * Whether navigator.share can send a file of this kind here (phones and a few desktops; not Linux
 * Chromium). Asked once per kind with a one-byte file; false wherever canShare is missing.
 */
export function canShareFiles(kind: ShareKind): boolean {
  let verdict = verdicts.get(kind);
  if (verdict === undefined) {
    try {
      const { type, name } = PROBE_TYPE[kind];
      verdict = typeof navigator !== 'undefined' && navigator.canShare?.({ files: [new File([new Uint8Array(1)], name, { type })] }) === true;
    } catch {
      verdict = false;
    }
    verdicts.set(kind, verdict);
  }
  return verdict;
}

const SONG_TYPES: Record<string, string> = { 'audio/mpeg': 'mp3', 'audio/mp3': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav' };

/** song-{id}.mp3 (or .wav): the id made file-name safe, as watermarked names are. */
export function songFileName(id: string | undefined, type: string, url: string, now: number = Date.now()): string {
  const fromUrl = /\.(mp3|wav)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  const ext = SONG_TYPES[type] ?? fromUrl ?? 'mp3';
  const safe = id?.replace(/[^\w-]+/g, '_').slice(0, 80);
  return `song-${safe || now}.${ext}`;
}

async function fetchSong(item: ShareItem, signal?: AbortSignal): Promise<File> {
  const response = await fetch(item.url, { signal });
  if (!response.ok) throw new Error(`Share: the song could not be fetched (${response.status})`);
  const blob = await response.blob();
  const name = songFileName(item.id, blob.type, item.url);
  const type = blob.type in SONG_TYPES ? blob.type : name.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg';
  return new File([blob], name, { type });
}

/** The file a share sends: the watermarked download's file, or a song as it is. */
export async function prepareShareFile(item: ShareItem, { variant, signal, onProgress }: PrepareOptions = {}): Promise<File> {
  if (item.kind === 'audio') return fetchSong(item, signal);
  const { prepareWatermarked } = await import('../workers/watermark');
  return prepareWatermarked({ id: item.id, url: item.url, kind: item.kind }, { variant, signal, onProgress });
}
