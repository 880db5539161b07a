// Share out (issue 28): which kinds a browser can share, asked once, and what a song is called.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('../../src/studio/shareOut');
const fresh = async (): Promise<Module> => {
  vi.resetModules();
  return import('../../src/studio/shareOut');
};

describe('canShareFiles', () => {
  const original = Object.getOwnPropertyDescriptor(navigator, 'canShare');
  afterEach(() => {
    if (original) Object.defineProperty(navigator, 'canShare', original);
    else delete (navigator as { canShare?: unknown }).canShare;
  });
  const stub = (fn: unknown) => Object.defineProperty(navigator, 'canShare', { value: fn, configurable: true, writable: true });

  it('is false where canShare is missing', async () => {
    stub(undefined);
    const { canShareFiles } = await fresh();
    expect(['image', 'video', 'audio'].map((k) => canShareFiles(k as 'image'))).toEqual([false, false, false]);
  });

  it("asks once per kind with a file of that kind's type", async () => {
    const canShare = vi.fn((data: ShareData) => data.files?.[0]?.type !== 'video/mp4');
    stub(canShare);
    const { canShareFiles } = await fresh();
    expect([canShareFiles('image'), canShareFiles('video'), canShareFiles('audio'), canShareFiles('image')]).toEqual([true, false, true, true]);
    expect(canShare.mock.calls.map(([data]) => data.files?.map((f) => f.type))).toEqual([['image/png'], ['video/mp4'], ['audio/mpeg']]);
  });

  it('is false when canShare throws', async () => {
    stub(() => {
      throw new TypeError('no');
    });
    const { canShareFiles } = await fresh();
    expect(canShareFiles('image')).toBe(false);
  });
});

describe('songFileName', () => {
  let mod: Module;
  beforeEach(async () => (mod = await fresh()));
  it('song-{id} with the extension of its type, else its URL, else mp3', () => {
    expect(mod.songFileName('abc', 'audio/mpeg', '/media/x')).toBe('song-abc.mp3');
    expect(mod.songFileName('abc', 'audio/wav', '/media/x.mp3')).toBe('song-abc.wav');
    expect(mod.songFileName('abc', '', '/media/x.WAV?t=1')).toBe('song-abc.wav');
    expect(mod.songFileName('abc', 'application/octet-stream', '/media/x')).toBe('song-abc.mp3');
  });
  it('keeps the id file-name safe and falls back to the time', () => {
    expect(mod.songFileName('../a b', 'audio/mpeg', '')).toBe('song-_a_b.mp3');
    expect(mod.songFileName(undefined, 'audio/mpeg', '', 42)).toBe('song-42.mp3');
  });
});
