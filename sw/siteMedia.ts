/// <reference lib="webworker" />
// Site media images (/media/site/...): a cache-first runtime route, and a background warm-up
// that fills the same cache from a list of URLs the page sends (WARM_SITE_MEDIA).
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

async function warm(cacheName: string, urls: string[]): Promise<void> {
  const cache = await caches.open(cacheName);
  const queue = urls
    .map((u) => new URL(u, self.location.origin))
    .filter(isSiteMediaImage)
    .map((u) => u.href);
  const worker = async () => {
    for (let href = queue.shift(); href !== undefined; href = queue.shift()) {
      if (await cache.match(href, { ignoreVary: true })) continue;
      try {
        const res = await fetch(href, { credentials: 'same-origin' });
        if (res.status === 200) await cache.put(href, res);
      } catch {
        // Offline or the server is gone: the next visit tries again.
      }
    }
  };
  // A few at a time, so the warm-up never competes hard with the page's own requests.
  await Promise.all(Array.from({ length: 3 }, worker));
}

/** Fetches the listed site media images that are not cached yet; tolerant of 404s. */
export function warmSiteMedia(cacheName: string, urls: string[]): Promise<void> {
  warming ??= warm(cacheName, urls.slice(0, MAX_ENTRIES)).finally(() => {
    warming = null;
  });
  return warming;
}
