// Site media (carousel, banners, community clips, feature previews, blog and avatar images) is made
// by the server's media generator from siteMediaManifest.ts and served under /media/site/.
// A deployment can point VITE_MEDIA_BASE_URL at its own bucket holding the same `site/` tree.
import { readEnv } from './env.ts';

export const DEFAULT_MEDIA_BASE = '/media';

/** Media base URL without a trailing slash. */
export function mediaBase(): string {
  return (readEnv('VITE_MEDIA_BASE_URL') ?? DEFAULT_MEDIA_BASE).replace(/\/+$/, '');
}

/** URL of a generated site media file, e.g. siteMedia('carousel/01.webp') -> '/media/site/carousel/01.webp'. */
export function siteMedia(path: string): string {
  return `${mediaBase()}/site/${path.replace(/^\/+/, '')}`;
}

/** Zero-padded file number: pad2(7) -> '07'. Shared by content and the manifest so names agree. */
export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}
