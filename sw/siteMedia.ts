/// <reference lib="webworker" />
// Site media images (/media/site/...): a cache-first runtime route, and a background warm-up
// that fills the same cache when the page asks (WARM_SITE_MEDIA). The list of images is built
// into the worker from the site media manifest, so public pages never download it.
import { SITE_MEDIA_MANIFEST } from '../contract/site-media';
import { siteMediaUrl } from './urls';
import { Route } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { only200, warmCache } from './warmCache';

declare const self: ServiceWorkerGlobalScope;

const IMAGE_EXT = /\.(webp|avif|png|jpe?g|gif|svg)$/i;
const MAX_ENTRIES = 400;

/** Same-origin site media image: /media/site/... with an image extension (never .mp4). */
export function isSiteMediaImage(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/media/site/') && IMAGE_EXT.test(url.pathname);
}

export function siteMediaRoute(cacheName: string): Route {
  return new Route(
    ({ url, request }) => request.method === 'GET' && isSiteMediaImage(url),
    new CacheFirst({
      cacheName,
      matchOptions: { ignoreVary: true, ignoreSearch: false },
      plugins: [only200, new ExpirationPlugin({ maxEntries: MAX_ENTRIES, maxAgeSeconds: 60 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  );
}

/** Every site image the public pages show (videos are left to the network). */
function siteImageUrls(): string[] {
  return SITE_MEDIA_MANIFEST.filter((entry) => entry.kind === 'image').map((entry) => siteMediaUrl(entry.path));
}

/**
 * Fetches the site media images that are not cached yet, tolerant of 404s: while some are
 * missing (the server makes them on its first start) it tries again every 10 s for two minutes.
 */
export function warmSiteMedia(cacheName: string): Promise<void> {
  return warmCache(cacheName, siteImageUrls().filter((u) => isSiteMediaImage(new URL(u, self.location.origin))).slice(0, MAX_ENTRIES));
}
