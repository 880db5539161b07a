/// <reference lib="webworker" />
// Site media images (/media/site/...): a cache-first runtime route, and a background warm-up
// that fills the same cache when the page asks (WARM_SITE_MEDIA). The list of images is built
// into the worker from the site media manifest, so public pages never download it.
import { siteMedia } from '../src/content/media';
import { SITE_MEDIA_MANIFEST } from '../src/content/siteMediaManifest';
import { Route } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core';

declare const self: ServiceWorkerGlobalScope;

const IMAGE_EXT = /\.(webp|avif|png|jpe?g|gif|svg)$/i;
const MAX_ENTRIES = 400;

/** Same-origin site media image: /media/site/... with an image extension (never .mp4). */
export function isSiteMediaImage(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith('/media/site/') && IMAGE_EXT.test(url.pathname);
}

// Only complete 200 answers are stored: a 404 while the server is still generating must not stick.
const only200: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

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

let warming: Promise<void> | null = null;

/** While the server is still generating site media, missing images are tried again this often. */
const RETRY_MS = 10_000;
/** ... this many times (two minutes); every page load sends the request again anyway. */
const MAX_TRIES = 12;

/** Caches the images not cached yet; answers how many are still missing (404 or unreachable). */
async function warm(cacheName: string, urls: string[]): Promise<number> {
  const cache = await caches.open(cacheName);
  const queue = urls
    .map((u) => new URL(u, self.location.origin))
    .filter(isSiteMediaImage)
    .map((u) => u.href);
  let missing = 0;
  const worker = async () => {
    for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
      if (await cache.match(href, { ignoreVary: true })) continue;
      try {
        const res = await fetch(href, { credentials: 'same-origin' });
        if (res.status === 200) await cache.put(href, res);
        else missing++;
      } catch {
        missing++;
      }
    }
  };
  // A few at a time, so the warm-up never competes hard with the page's own requests.
  await Promise.all(Array.from({ length: 3 }, worker));
  return missing;
}

async function warmUntilComplete(cacheName: string, urls: string[]): Promise<void> {
  for (let tries = 1; (await warm(cacheName, urls)) > 0 && tries < MAX_TRIES; tries++) {
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Every site image the public pages show (videos are left to the network). */
function siteImageUrls(): string[] {
  return SITE_MEDIA_MANIFEST.filter((entry) => entry.kind === 'image').map((entry) => siteMedia(entry.path));
}

/**
 * Fetches the site media images that are not cached yet, tolerant of 404s: while some are
 * missing (the server makes them on its first start) it tries again every 10 s for two minutes.
 */
export function warmSiteMedia(cacheName: string): Promise<void> {
  warming ??= warmUntilComplete(cacheName, siteImageUrls().slice(0, MAX_ENTRIES)).finally(() => {
    warming = null;
  });
  return warming;
}
