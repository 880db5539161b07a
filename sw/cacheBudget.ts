// A byte budget for a runtime cache, beside workbox-expiration's entry count (which cannot count
// bytes): after each write, the oldest entries go until the cache's bodies fit. Sizes come from
// Content-Length, else from reading the body once.
import type { WorkboxPlugin } from 'workbox-core/types';

async function sizeOf(response: Response): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0) return declared;
  return (await response.clone().arrayBuffer()).byteLength;
}

/** Deletes the oldest entries (insertion order) of `cacheName` until the rest hold at most `maxBytes`. */
export async function trimCacheToBytes(cacheName: string, maxBytes: number): Promise<void> {
  const cache = await caches.open(cacheName);
  const requests = await cache.keys();
  const sizes = await Promise.all(requests.map(async (request) => {
    const response = await cache.match(request);
    return response ? sizeOf(response) : 0;
  }));
  let total = sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; i < requests.length && total > maxBytes; i++) {
    await cache.delete(requests[i]);
    total -= sizes[i];
  }
}

export function cacheBytesPlugin(maxBytes: number): WorkboxPlugin {
  return {
    cacheDidUpdate: async ({ cacheName }) => {
      await trimCacheToBytes(cacheName, maxBytes);
    },
  };
}
