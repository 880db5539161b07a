// Sharing into the app (issue 28): the manifest's share target and file handlers, the service
// worker that receives a share, the server's answer when no worker is in control, and the screens
// that take the shared file or link all follow these rules. Pure: no DOM, no worker globals.
import { audioTypeOf, imageTypeOf } from './media-type.ts';

export { OPEN_FILE_PATH, SHARE_TARGET_PATH } from './share-paths.ts';
/** The share target's form fields. */
export const SHARE_FIELDS = { files: 'media', title: 'title', text: 'text', url: 'url' } as const;

/** What the share sheet and the file handlers accept: MIME types with their extensions. */
export const SHARED_PICTURES = { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'], 'image/webp': ['.webp'] } as const;
export const SHARED_SONGS = { 'audio/mpeg': ['.mp3'], 'audio/wav': ['.wav'], 'audio/x-wav': ['.wav'], 'audio/wave': ['.wav'] } as const;

/** Where the service worker keeps a share until its screen takes it (IndexedDB, idb-keyval). */
export const SHARE_DB = { name: 'persona-share', store: 'incoming' } as const;
export const SHARE_KEY = 'pending';
/** A share not taken within a day (never signed in, say) is dropped. */
export const SHARE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A shared file larger than this is refused before it is stored (the screens' own limits are lower). */
export const SHARE_MAX_BYTES = 100 * 1024 * 1024;

export type ShareScreen = '/clothSwap' | '/AIMusic' | '/image' | '/video';

/** A share waiting for its screen. */
export type IncomingShare =
  | { screen: '/clothSwap' | '/AIMusic'; file: Blob; name: string; type: string; receivedAt: number }
  | { screen: '/image' | '/video'; link: string; receivedAt: number };

/** Why a share could not be used: the query the landing screen shows a notice for. */
export type ShareProblem = 'again' | 'unsupported' | 'too-large';
export const SHARE_NOTICE_PARAM = 'share';
export const SHARE_NOTICES: Record<ShareProblem, string> = {
  again: 'Persona Studio was not ready to receive your share yet. Please share it again.',
  unsupported: 'Nothing in that share can be used here: share a picture (PNG, JPEG or WEBP), a song (MP3 or WAV) or an Instagram post or reel link.',
  'too-large': 'That file is too large to share into Persona Studio (at most 100 MB).',
};
/** Where a share that cannot be used lands. */
export const SHARE_FALLBACK_SCREEN = '/gallery';

/** What the screens want of a shared file: its first bytes, its name and declared type, its size. */
export interface SharedFile {
  head: Uint8Array;
  name: string;
  type: string;
  size: number;
}

const extension = (name: string): string => /\.[^.]+$/.exec(name.toLowerCase())?.[0] ?? '';
const listed = (table: Record<string, readonly string[]>, file: SharedFile): boolean =>
  file.type in table || Object.values(table).some((extensions) => extensions.includes(extension(file.name)));

/**
 * The screen for a shared file: its bytes first (a picture to Cloth Swap, a song to AI Music);
 * a file whose bytes are neither but that says it is a picture or a song (by type or name) goes
 * there too, so the screen refuses it with its own message. null: no screen takes it.
 */
export function screenForFile(file: SharedFile): '/clothSwap' | '/AIMusic' | null {
  if (imageTypeOf(file.head)) return '/clothSwap';
  if (audioTypeOf(file.head)) return '/AIMusic';
  if (listed(SHARED_PICTURES, file) || file.type.startsWith('image/')) return '/clothSwap';
  if (listed(SHARED_SONGS, file) || file.type.startsWith('audio/')) return '/AIMusic';
  return null;
}

const INSTAGRAM = /https?:\/\/(?:www\.)?instagram\.com\/(?:[\w.]+\/)?(p|reels?|tv)\/[\w-]+\/?(?:\?[^\s]*)?/i;

/** The first Instagram post or reel link in the shared url or text, and the screen it goes to. */
export function instagramLink(...texts: Array<string | null | undefined>): { link: string; screen: '/image' | '/video' } | null {
  for (const text of texts) {
    const match = text ? INSTAGRAM.exec(text) : null;
    if (match) return { link: match[0], screen: match[1]!.toLowerCase() === 'p' ? '/image' : '/video' };
  }
  return null;
}

/** What a share amounts to: the first file a screen takes, else a link; or why it cannot be used. */
export function routeShare(
  files: readonly SharedFile[],
  fields: { title?: string | null; text?: string | null; url?: string | null },
): { screen: ShareScreen; file: number } | { screen: '/image' | '/video'; link: string } | { problem: ShareProblem } {
  for (const [index, file] of files.entries()) {
    const screen = screenForFile(file);
    if (!screen) continue;
    if (file.size > SHARE_MAX_BYTES) return { problem: 'too-large' };
    return { screen, file: index };
  }
  const link = instagramLink(fields.url, fields.text, fields.title);
  return link ?? { problem: 'unsupported' };
}

/** The landing URL of a screen with a notice. */
export function withShareNotice(screen: string, problem: ShareProblem): string {
  return `${screen}?${SHARE_NOTICE_PARAM}=${problem}`;
}

/** A stored share is still to be used. */
export function isFreshShare(share: unknown, now = Date.now()): share is IncomingShare {
  if (!share || typeof share !== 'object') return false;
  const { screen, receivedAt } = share as Partial<IncomingShare>;
  return typeof screen === 'string' && typeof receivedAt === 'number' && now - receivedAt < SHARE_MAX_AGE_MS;
}
