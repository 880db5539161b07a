// The gallery's ZIP (issue 45, src/workers/zip.ts) without a browser: each item fetched and handed
// to its step (pictures and videos watermarked, songs as they are), in order, the progress counted
// by files; a cancel ends it with an AbortError and nothing more is fetched. In Node: jsdom's Blob
// has no stream(), which client-zip reads.
// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zipFiles } from '../../src/workers/zip';
import { readStoredZip } from '../e2e/support/zip';

async function entries(zip: Blob): Promise<Record<string, string>> {
  const files = readStoredZip(new Uint8Array(await zip.arrayBuffer()));
  return Object.fromEntries([...files].map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]));
}

afterEach(() => vi.unstubAllGlobals());

describe('the gallery ZIP', () => {
  const items = [
    { url: 'https://x.test/media/a.png', kind: 'image' as const, name: 'watermarked-image-a.png' },
    { url: 'https://x.test/media/b.mp4', kind: 'video' as const, name: 'watermarked-video-b.mp4' },
    { url: 'https://x.test/media/c.mp3', kind: 'audio' as const, name: 'song-c.mp3' },
  ];
  const body: Record<string, string> = { 'a.png': 'a', 'b.mp4': 'b', 'c.mp3': 'song' };

  it('holds each file after its step, in order, with the progress by files', async () => {
    vi.stubGlobal('fetch', async (url: string) => new Response(body[url.split('/').pop()!]));
    const progress: number[] = [];
    const zip = await zipFiles(items, new AbortController().signal, {
      image: async (input) => new Blob(['png:', input]),
      video: async (input, report) => (report(0.5), new Blob(['mp4:', input])),
      progress: (p) => progress.push(Math.round(p * 100)),
    });
    expect(await entries(zip)).toEqual({ 'watermarked-image-a.png': 'png:a', 'watermarked-video-b.mp4': 'mp4:b', 'song-c.mp3': 'song' });
    expect(progress).toEqual([33, 50, 67, 100]);
  });

  it('a cancel ends it with an AbortError; the files after it are not fetched', async () => {
    const asked: string[] = [];
    const controller = new AbortController();
    vi.stubGlobal('fetch', async (url: string) => (asked.push(url), new Response(body[url.split('/').pop()!])));
    const made = zipFiles(items, controller.signal, {
      image: async (input) => (controller.abort(), new Blob(['png:', input])),
      video: async (input) => new Blob(['mp4:', input]),
      progress: () => undefined,
    });
    await expect(made).rejects.toMatchObject({ name: 'AbortError' });
    expect(asked).toEqual([items[0]!.url]);
  });
});
