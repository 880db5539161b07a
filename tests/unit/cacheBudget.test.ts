import { afterEach, describe, expect, it, vi } from 'vitest';
import { trimCacheToBytes } from '../../sw/cacheBudget';

/** Just enough of CacheStorage: one cache, entries in insertion order, as browsers keep them. */
function fakeCaches(entries: Array<[string, Response]>) {
  const store = new Map(entries);
  const cache = {
    keys: async () => [...store.keys()].map((url) => new Request(url)),
    match: async (request: Request) => store.get(request.url)?.clone(),
    delete: async (request: Request) => store.delete(request.url),
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return store;
}

const sized = (bytes: number, declared = true) =>
  new Response(new Uint8Array(bytes), { headers: declared ? { 'content-length': String(bytes) } : {} });

afterEach(() => vi.unstubAllGlobals());

describe('user media byte budget', () => {
  it('drops the oldest entries until the rest fit, sizes from Content-Length or the body', async () => {
    const store = fakeCaches([
      ['https://a.test/media/gen/1.png', sized(400)],
      ['https://a.test/media/gen/2.png', sized(300, false)],
      ['https://a.test/media/gen/3.png', sized(200)],
    ]);
    await trimCacheToBytes('user-media', 900);
    expect(store.size).toBe(3);
    await trimCacheToBytes('user-media', 500);
    expect([...store.keys()]).toEqual(['https://a.test/media/gen/2.png', 'https://a.test/media/gen/3.png']);
    await trimCacheToBytes('user-media', 499); // 300 bytes counted from a body without Content-Length
    expect([...store.keys()]).toEqual(['https://a.test/media/gen/3.png']);
  });
});
