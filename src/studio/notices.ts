// What a failed generation tells the user (spec §8), per screen.
import type { StudioNotice } from './ui/NotificationBar';
import type { GenerationError } from './jobs';

export type NoticeScreen = 'face' | 'image' | 'video' | 'clothSwap' | 'imageToVideo' | 'music' | 'upscale' | 'talking';

const FALLBACK: Record<NoticeScreen, string> = {
  face: 'An error occurred while generating the face.',
  image: 'Image generation failed.',
  video: 'Face swap processing failed',
  clothSwap: 'Invalid Selection , Please Change Selected Image Or Uploaded Image',
  imageToVideo: 'Invalid prompt. Please enter a proper prompt.',
  music: 'Invalid Audio. Please enter a proper Audio.',
  upscale: 'Upscaling failed.',
  talking: 'Making the talking video failed.',
};

/** Screens whose failures always read the same (spec §8), whatever the server said. */
const FIXED: ReadonlySet<NoticeScreen> = new Set(['imageToVideo', 'music']);

/**
 * 403: the server's message (or 'Subscription required.') with Subscribe. 401: nothing (the
 * client has gone to /login). A network failure says so. Otherwise the server's message where
 * the spec shows it, else the screen's own text. Images and videos, which the spec only logged,
 * show theirs too (ARCHITECTURE §8).
 */
export function noticeFor(error: GenerationError | null, screen: NoticeScreen): StudioNotice | null {
  if (!error) return null;
  if (error.status === 401) return null;
  if (error.status === 403) return { message: error.message || 'Subscription required.', subscribe: true };
  if (error.status === 0 && /^Network error/.test(error.message)) return { message: error.message, subscribe: false };
  if (FIXED.has(screen) || error.status >= 500 || !error.message) return { message: FALLBACK[screen], subscribe: false };
  return { message: error.message, subscribe: false };
}
