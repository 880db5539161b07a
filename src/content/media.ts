// The page's media URLs. Site media (carousel, banners, community clips, feature previews, blog and
// avatar images) is made by the server's media generator from contract/site-media.ts and served
// under /media/site/; templates (contract/templates.ts) under /media/templates/.
// A deployment can point VITE_MEDIA_BASE_URL at its own bucket holding the same tree.
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

/** Public URL of a template file or thumbnail: templateUrl('ImageTemplate/3.jpg') -> '/media/templates/ImageTemplate/3.jpg'. */
export function templateUrl(path: string): string {
  return `${mediaBase()}/templates/${path}`;
}
