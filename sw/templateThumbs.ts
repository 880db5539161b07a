/// <reference lib="webworker" />
// Every template thumbnail (419, about 6 KB each) kept on the device for the studio's template
// grids, offline included: a cache-first route, and a warm-up the studio asks for once per load
// (WARM_TEMPLATE_THUMBS). The list is built into the worker from the template manifest; the
// cache is named for the library's version, so a redrawn library replaces it.
import { Route } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { TEMPLATE_LIBRARY_VERSION, TEMPLATE_MANIFEST } from '../contract/templates';
import { templateUrl } from './urls';
import { TEMPLATE_THUMBS_MAX_BYTES } from '../contract/sw-messages';
import { cacheBytesPlugin } from './cacheBudget';
import { only200, warmCache } from './warmCache';

declare const self: ServiceWorkerGlobalScope;

const PREFIX = 'template-thumbs-v';
export const TEMPLATE_THUMBS_CACHE = `${PREFIX}${TEMPLATE_LIBRARY_VERSION}`;

const thumbUrls = (): string[] => TEMPLATE_MANIFEST.map((t) => templateUrl(t.thumb));
const thumbsPath = new URL(templateUrl('thumbs/'), 'https://x').pathname;

export function templateThumbsRoute(): Route {
  return new Route(
    ({ url, request }) => request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith(thumbsPath),
    new CacheFirst({ cacheName: TEMPLATE_THUMBS_CACHE, plugins: [only200, cacheBytesPlugin(TEMPLATE_THUMBS_MAX_BYTES)] }),
  );
}

export function warmTemplateThumbs(): Promise<void> {
  return warmCache(TEMPLATE_THUMBS_CACHE, thumbUrls());
}

/** Drops the thumbnails of older template libraries. */
export async function dropOldTemplateThumbs(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== TEMPLATE_THUMBS_CACHE).map((n) => caches.delete(n)));
}
