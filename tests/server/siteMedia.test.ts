import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SITE_MEDIA_MANIFEST, SITE_MEDIA_MANIFEST_VERSION, type SiteMediaEntry, type SiteMediaVideo } from '../../contract/site-media.ts';
import { siteMediaSvg } from '../../server/src/media/art/compositions.ts';
import { probe } from '../../server/src/media/ffmpeg.ts';
import { generateSiteMedia } from '../../server/src/media/siteMediaLibrary.ts';
import { libraryStamp } from '../../server/src/media/siteMediaStamp.ts';
import { siteMediaStatus } from '../../server/src/media/siteMediaStatus.ts';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

const byPath = (path: string) => {
  const entry = SITE_MEDIA_MANIFEST.find((e) => e.path === path);
  if (!entry) throw new Error(`not in the manifest: ${path}`);
  return entry;
};

// A small library shaped like the real one: real entries, with the clip made shorter and smaller.
const clip = { ...(byPath('community/01.mp4') as SiteMediaVideo), width: 270, height: 480, durationS: 2 };
const SUBSET: SiteMediaEntry[] = [
  byPath('carousel/01.webp'),
  byPath('authors/riya-mehta.webp'),
  byPath('blog/ai-music-for-reels.webp'),
  clip,
  { ...byPath(clip.poster), width: 270, height: 480 },
];

describe('site media library', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'ps-site-media-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const site = (mediaDir: string, path: string) => join(mediaDir, 'site', path);

  it('makes real WebP images and H.264 clips at the manifest sizes, then stamps the folder', async () => {
    const mediaDir = join(root, 'media');
    const summary = await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: SUBSET });
    expect(summary).toMatchObject({ made: SUBSET.length, copied: 0, failed: 0, total: SUBSET.length, ready: true });

    for (const entry of SUBSET.filter((e) => e.kind === 'image')) {
      const bytes = await readFile(site(mediaDir, entry.path));
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', entry.width, entry.height]);
      // Not a flat fill: the art has light and shade.
      const { channels } = await sharp(bytes).stats();
      expect(channels[0]!.stdev).toBeGreaterThan(10);
    }

    const video = await readFile(site(mediaDir, clip.path));
    expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp');
    // +faststart: the index (moov) comes before the media data.
    expect(video.indexOf('moov')).toBeLessThan(video.indexOf('mdat'));
    const info = await probe('ffprobe', site(mediaDir, clip.path));
    expect(info).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: 270, height: 480, audio: false });
    expect(info.durationS).toBeCloseTo(2, 1);

    expect((await readFile(site(mediaDir, '.version'), 'utf8')).trim()).toBe(libraryStamp(SUBSET, SITE_MEDIA_MANIFEST_VERSION));
    expect(siteMediaStatus(mediaDir, SUBSET)).toEqual({ ready: true, version: SITE_MEDIA_MANIFEST_VERSION, made: SUBSET.length, total: SUBSET.length });
  });

  it('is idempotent, remakes only a missing file, and redoes everything when the version changes', async () => {
    const mediaDir = join(root, 'media');
    const images = SUBSET.filter((e) => e.kind === 'image' && e !== SUBSET[4]);
    await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: images });
    const before = (await stat(site(mediaDir, images[0]!.path))).mtimeMs;

    expect(await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: images })).toMatchObject({ made: 0, copied: 0, ready: true });
    expect((await stat(site(mediaDir, images[0]!.path))).mtimeMs).toBe(before);

    await rm(site(mediaDir, images[1]!.path));
    expect(siteMediaStatus(mediaDir, images).ready).toBe(true); // the stamp alone says ready; the next start repairs
    expect(await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: images })).toMatchObject({ made: 1, ready: true });
    await stat(site(mediaDir, images[1]!.path));

    expect(siteMediaStatus(mediaDir, images, SITE_MEDIA_MANIFEST_VERSION + 1).ready).toBe(false);
    const bumped = await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: images, version: SITE_MEDIA_MANIFEST_VERSION + 1 });
    expect(bumped).toMatchObject({ made: images.length, ready: true });
    expect((await readFile(site(mediaDir, '.version'), 'utf8')).trim()).toMatch(new RegExp(`^${SITE_MEDIA_MANIFEST_VERSION + 1}\\+`));
  });

  it('fills SITE_MEDIA_CACHE and copies from it into a fresh folder instead of rendering', async () => {
    const cacheDir = join(root, 'cache');
    const first = await generateSiteMedia({ mediaDir: join(root, 'a'), ffmpeg: 'ffmpeg', cacheDir, manifest: SUBSET });
    expect(first).toMatchObject({ made: SUBSET.length, copied: 0 });
    const stamp = libraryStamp(SUBSET, SITE_MEDIA_MANIFEST_VERSION);
    await stat(join(cacheDir, stamp, clip.path));

    const second = await generateSiteMedia({ mediaDir: join(root, 'b'), ffmpeg: 'ffmpeg', cacheDir, manifest: SUBSET });
    expect(second).toMatchObject({ made: 0, copied: SUBSET.length, ready: true });
    for (const entry of SUBSET) {
      expect((await readFile(site(join(root, 'b'), entry.path))).equals(await readFile(site(join(root, 'a'), entry.path)))).toBe(true);
    }
    expect(second.seconds).toBeLessThan(first.seconds);

    // A different manifest (or version) never reuses this cache folder.
    const other = await generateSiteMedia({ mediaDir: join(root, 'c'), ffmpeg: 'ffmpeg', cacheDir, manifest: SUBSET.slice(0, 2) });
    expect(other).toMatchObject({ made: 2, copied: 0 });
  });

  it('reports a file it cannot make, leaves the folder unstamped and keeps the rest', async () => {
    const mediaDir = join(root, 'media');
    // libx264 refuses odd frame sizes with yuv420p: a stand-in for any encoder failure.
    const odd = { ...clip, width: 271 };
    const errors: unknown[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (obj: unknown) => errors.push(obj) };
    const summary = await generateSiteMedia({ mediaDir, ffmpeg: 'ffmpeg', manifest: [SUBSET[0]!, odd, SUBSET[4]!], logger });
    expect(summary).toMatchObject({ failed: 1, ready: false });
    expect(errors).toHaveLength(1);
    await stat(site(mediaDir, SUBSET[0]!.path));
    await stat(site(mediaDir, odd.poster)); // the poster still shows where the clip would play
    await expect(stat(site(mediaDir, odd.path))).rejects.toThrow();
    await expect(stat(site(mediaDir, '.version'))).rejects.toThrow();
    expect(siteMediaStatus(mediaDir, [SUBSET[0]!, odd, SUBSET[4]!]).ready).toBe(false);
  });

  it('draws every manifest entry without gaps in the SVG', () => {
    for (const entry of SITE_MEDIA_MANIFEST) {
      const svg = siteMediaSvg(entry);
      expect(svg, entry.path).not.toMatch(/NaN|undefined|Infinity/);
      expect(svg, entry.path).toContain(`width="${entry.width}" height="${entry.height}"`);
    }
  });
});

describe('GET /api/site_media_status', () => {
  const database = useTestDatabase('sqlite');

  it('is not ready before the library is made, and ready once its stamp matches', async () => {
    const { app, config } = await buildTestApp(database.current);
    const first = await app.inject({ method: 'GET', url: '/api/site_media_status' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ready: false, version: SITE_MEDIA_MANIFEST_VERSION, made: 0, total: SITE_MEDIA_MANIFEST.length });

    const siteDir = join(config.mediaDir, 'site');
    mkdirSync(siteDir, { recursive: true });
    writeFileSync(join(siteDir, '.version'), `${libraryStamp(SITE_MEDIA_MANIFEST, SITE_MEDIA_MANIFEST_VERSION)}\n`);
    const ready = await app.inject({ method: 'GET', url: '/api/site_media_status' });
    expect(ready.json()).toEqual({ ready: true, version: SITE_MEDIA_MANIFEST_VERSION, made: SITE_MEDIA_MANIFEST.length, total: SITE_MEDIA_MANIFEST.length });
    expect(ready.headers['cache-control']).toBe('no-store');
    await app.close();
  });
});
