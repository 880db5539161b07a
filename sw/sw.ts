/// <reference lib="webworker" />
// The service worker: precached app shell, SPA navigations offline, runtime caches.
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { FLUSH_OUTBOX, isSwMessage, isWorkerAwake, isWorkerHandOver, OUTBOX_SYNC_TAG, SITE_MEDIA_CACHE, USER_MEDIA_CACHE, USER_MEDIA_MAX_BYTES, USER_MEDIA_MAX_ENTRIES, USER_MEDIA_PATH, WORKER_CONTROL_CHANNEL, type WorkerAwake, type WorkerHandOver } from '../contract/sw-messages';
import { cacheBytesPlugin } from './cacheBudget';
import { SHELL_FILE } from '../contract/prerender';
import { siteMediaRoute, warmSiteMedia } from './siteMedia';
import { dropOldTemplateThumbs, templateThumbsRoute, warmTemplateThumbs } from './templateThumbs';
import { FFMPEG_CACHE, FFMPEG_ROOT } from '../contract/ffmpeg-core';
import { API_BASE } from './urls';
import { jobPoller } from './jobPoller';
import { stopWarming } from './warmCache';
import { receiveShare } from './shareTarget';
import { SHARE_TARGET_PATH } from '../contract/share';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation gets the precached shell, so the app reloads offline.
// /api and /media are the server's, never the shell's.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`/${SHELL_FILE}`), {
    // /dev/mailbox is a server page (development only), not a route of the app.
    denylist: [/^\/api(\/|$)/, /^\/media(\/|$)/, /^\/dev(\/|$)/],
  }),
);

const sameOrigin = (url: URL): boolean => url.origin === self.location.origin;

function withoutQuery(request: Request): Request | string {
  const url = new URL(request.url);
  if (!url.search) return request;
  url.search = '';
  return url.href;
}

// Site media images (public pages): cache first, warmed in the background; before the generic
// media route so it wins. Videos are not routed, so their range requests go straight through.
registerRoute(siteMediaRoute(SITE_MEDIA_CACHE));

// The user's own pictures: one entry per file whatever its time-stamp query (spec §3 adds one to
// every result URL), bounded in count and bytes; the page deletes this cache at sign-out.
registerRoute(
  ({ url, request }) => sameOrigin(url) && USER_MEDIA_PATH.test(url.pathname) && request.destination === 'image',
  new CacheFirst({
    cacheName: USER_MEDIA_CACHE,
    plugins: [
      // The key is the path alone, for reads and writes: two requests of one file racing with
      // different queries still leave one entry.
      { cacheKeyWillBeUsed: async ({ request }) => withoutQuery(request) },
      new ExpirationPlugin({ maxEntries: USER_MEDIA_MAX_ENTRIES, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
      cacheBytesPlugin(USER_MEDIA_MAX_BYTES),
    ],
  }),
);

// Template thumbnails: all of them, warmed when the studio opens (before the generic media route).
registerRoute(templateThumbsRoute());

// Other media pictures (template pictures).
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) && url.pathname.startsWith('/media/') && request.destination === 'image',
  new CacheFirst({
    cacheName: 'media-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// ffmpeg.wasm's core (~31 MB, fetched on the first video download, never at install): cache
// first in a cache of its own. The version is in the path, so a new core is a new URL; the
// expiration drops the old one's two files.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith(FFMPEG_ROOT),
  new CacheFirst({
    cacheName: FFMPEG_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 2, purgeOnQuotaError: true })],
  }),
);

// The share target (the system share sheet's POST), answered here even offline.
registerRoute(({ url }) => sameOrigin(url) && url.pathname === SHARE_TARGET_PATH, ({ request }) => receiveShare(request), 'POST');

// API reads always go to the network for now; offline handling of API data comes later.
registerRoute(({ url }) => sameOrigin(url) && url.pathname.startsWith('/api/'), new NetworkOnly(), 'GET');

self.addEventListener('install', () => {
  // First install only: nothing is in control yet, so take over at once. An update waits
  // for the page's prompt (SKIP_WAITING) so a running tab never switches code under it.
  if (!self.registration.active) void self.skipWaiting();
});

// Claim open clients on activation, so the very first load is controlled without a reload.
clientsClaim();

self.addEventListener('activate', (event) => event.waitUntil(dropOldTemplateThumbs()));

const poller = jobPoller(API_BASE);

// A newer worker takes over (it posts this on SKIP_WAITING; a channel does not hear its own posts).
const control = new BroadcastChannel(WORKER_CONTROL_CHANNEL);
/** This worker, waiting, was asked to take over (SKIP_WAITING). */
let takeOverAsked = false;
control.addEventListener('message', (event: MessageEvent<unknown>) => {
  // The worker in control woke up while this one waits to take over: ask again (see WorkerAwake).
  if (isWorkerAwake(event.data)) {
    if (takeOverAsked && self.registration.waiting === self.serviceWorker) void self.skipWaiting();
    return;
  }
  if (!isWorkerHandOver(event.data)) return;
  poller.stop();
  stopWarming();
});

/** Once per start of the worker in control, while a newer one waits (WorkerAwake). */
let awakeSaid = false;
function sayAwakeIfSuperseded(): void {
  const { active, waiting } = self.registration;
  if (awakeSaid || !waiting || active !== self.serviceWorker) return;
  awakeSaid = true;
  control.postMessage({ type: 'WORKER_AWAKE' } satisfies WorkerAwake);
}
self.addEventListener('fetch', sayAwakeIfSuperseded);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  sayAwakeIfSuperseded();
  if (!isSwMessage(event.data)) return;
  switch (event.data.type) {
    case 'SKIP_WAITING':
      // The worker in control lets go of its jobs and warm-ups, or this one would wait for them to end.
      takeOverAsked = true;
      control.postMessage({ type: 'WORKER_HANDOVER' } satisfies WorkerHandOver);
      void self.skipWaiting();
      break;
    case 'WARM_SITE_MEDIA':
      event.waitUntil(warmSiteMedia(SITE_MEDIA_CACHE));
      break;
    case 'WARM_TEMPLATE_THUMBS':
      event.waitUntil(warmTemplateThumbs());
      break;
    case 'FOLLOW_JOB':
      // Kept alive while jobs run: the page repeats the message, each one extending the wait.
      event.waitUntil(poller.follow(event.data.jobId, event.data.userId));
      break;
  }
});

// 'Your video is ready': the open window comes forward on the gallery (launch_handler's
// navigate-existing does the same for shortcuts); with none open, a new one opens there.
self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/gallery', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const [open] = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (!open) return void (await self.clients.openWindow(target));
      // focus() needs the click's user activation; the window goes to the gallery either way.
      await open.focus().catch(() => undefined);
      if (open.url !== target) await open.navigate(target).catch(() => self.clients.openWindow(target));
    })(),
  );
});

// Background Sync for the outbox (Chromium): the open pages send the queued generation calls, as
// they hold the session and follow the jobs; without one open, the next start sends them.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((windows) => windows.forEach((w) => w.postMessage({ type: FLUSH_OUTBOX }))),
  );
}) as EventListener);
