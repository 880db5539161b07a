/// <reference lib="webworker" />
// Filling a runtime cache in the background with files the worker knows of (site images, template
// thumbnails), tolerant of 404s: while some are missing and more arrive (the server makes them on
// its first start) it tries again every 10 s, for two minutes at most. One warm-up per cache at a time.
import type { WorkboxPlugin } from 'workbox-core';
import { WARM_UP_HEADER } from '../contract/sw-messages';

declare const self: ServiceWorkerGlobalScope;

/** Only complete 200 answers are stored: a 404 while the server is still generating must not stick. */
export const only200: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
};

const RETRY_MS = 10_000;
/** Two minutes of retries; every page load asks again anyway. */
const MAX_TRIES = 12;
/** ... but only while the server is making the files: three tries in a row that found nothing new end it. */
const MAX_STALLED = 3;
/** A few at a time, so the warm-up never competes hard with the page's own requests. */
const PARALLEL = 3;

/** Caches the files not cached yet; answers how many are still missing (404 or unreachable). */
async function warm(cacheName: string, urls: readonly string[]): Promise<number> {
  const cache = await caches.open(cacheName);
  const queue = urls.map((u) => new URL(u, self.location.origin).href);
  let missing = 0;
  const worker = async () => {
    for (let href = queue.shift(); href !== undefined && !handOver.signal.aborted; href = queue.shift()) {
      if (await cache.match(href, { ignoreVary: true })) continue;
      try {
        const res = await fetch(href, { credentials: 'same-origin', headers: { [WARM_UP_HEADER]: '1' }, signal: handOver.signal });
        if (res.status === 200) await cache.put(href, res);
        else missing++;
      } catch {
        missing++;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return missing;
}

const warming = new Map<string, Promise<void>>();
/**
 * A newer worker takes over: warm-ups end at once, fetches in flight and the wait between tries
 * included (it warms again itself). Chromium activates the new worker only when this one has no
 * event left running, so a warm-up asleep for its 10 s held every tab's Reload that long.
 */
const handOver = new AbortController();
export function stopWarming(): void {
  handOver.abort();
}

/** Resolves after `ms`, or at once when the warm-ups are stopped. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    handOver.signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      handOver.signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

export function warmCache(cacheName: string, urls: readonly string[]): Promise<void> {
  let running = warming.get(cacheName);
  if (!running) {
    running = (async () => {
      let missing = await warm(cacheName, urls);
      let stalled = 0;
      for (let tries = 1; missing > 0 && tries < MAX_TRIES && stalled < MAX_STALLED; tries++) {
        await pause(RETRY_MS);
        if (handOver.signal.aborted) return;
        const before = missing;
        missing = await warm(cacheName, urls);
        stalled = missing < before ? 0 : stalled + 1;
      }
    })().finally(() => warming.delete(cacheName));
    warming.set(cacheName, running);
  }
  return running;
}
