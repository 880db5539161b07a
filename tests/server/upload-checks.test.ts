// Uploads judged by content (the upload table) and links resolved to media (an Instagram-like page
// served locally): every bad input refused with a clear message, every good one accepted.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { fetchMediaToFile, resolveMediaUrl } from '../../server/src/net/media-resolvers.ts';
import { checkAudioUpload, checkImageUpload } from '../../server/src/uploads/checks.ts';
import { holdFifo } from './support/fifo.ts';

const dir = mkdtempSync(join(tmpdir(), 'ps-uploads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', ...args]);
const picture = (format: 'png' | 'jpeg' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#c0392b' } }).toFormat(format).toBuffer();
const limits = { maxBytes: 1_000_000, maxPixels: 1_000_000 };
const failure = (promise: Promise<unknown>) => promise.then(() => null, (err: { statusCode?: number; message: string }) => [err.statusCode, err.message]);

function sine(name: string, seconds: number, codec: string[] = []): string {
  const file = join(dir, name);
  ffmpeg('-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`, '-ac', '1', '-ar', '16000', ...codec, file);
  return file;
}

describe('garment pictures', () => {
  it('accepts PNG, JPEG and WEBP by their bytes', async () => {
    expect(await checkImageUpload(await picture('png'), limits)).toEqual({ mime: 'image/png', ext: 'png', width: 64, height: 48 });
    expect(await checkImageUpload(await picture('jpeg'), limits)).toMatchObject({ mime: 'image/jpeg', ext: 'jpg' });
    expect(await checkImageUpload(await picture('webp'), limits)).toMatchObject({ mime: 'image/webp', ext: 'webp' });
  });

  it('refuses other types, oversized files, pixel floods and truncated files with clear messages', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).gif().toBuffer();
    expect(await failure(checkImageUpload(gif, limits))).toEqual([400, 'Garment image must be PNG, JPEG or WEBP.']);
    expect(await failure(checkImageUpload(Buffer.from('not a picture at all, just text'), limits))).toEqual([400, 'Garment image must be PNG, JPEG or WEBP.']);
    expect(await failure(checkImageUpload(await picture('png'), { ...limits, maxBytes: 100 }))).toEqual([413, 'Garment image is too large (max 1 KB).']);
    // 2000 x 2000 of one colour compresses to a few kB but is 4 megapixels.
    expect(await failure(checkImageUpload(await picture('png', 2000, 2000), limits))).toEqual([413, 'Garment image is too large (max 1 megapixels).']);
    const jpeg = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer();
    expect(await failure(checkImageUpload(jpeg.subarray(0, jpeg.length / 2), limits))).toEqual([400, 'Garment image could not be read.']);
  });
});

describe('audio files', () => {
  const audio = { maxBytes: 5_000_000, ffprobePath: 'ffprobe', minSeconds: 15, label: 'Song file' };

  it('accepts WAV and MP3 longer than 15 s, measured by decoding', async () => {
    expect(await checkAudioUpload(sine('long.wav', 16), audio)).toMatchObject({ mime: 'audio/wav', ext: 'wav', durationS: expect.closeTo(16, 0) });
    expect(await checkAudioUpload(sine('long.mp3', 16, ['-c:a', 'libmp3lame']), audio)).toMatchObject({ mime: 'audio/mpeg', ext: 'mp3' });
  });

  it('refuses short, wrong-type, unreadable and oversized files with the spec texts', async () => {
    expect(await failure(checkAudioUpload(sine('short.wav', 10), audio))).toEqual([400, 'Song file: File must be longer than 15 seconds']);
    const mp4 = join(dir, 'video.wav');
    ffmpeg('-f', 'lavfi', '-i', 'sine=duration=16', '-c:a', 'aac', '-f', 'mp4', mp4);
    expect(await failure(checkAudioUpload(mp4, audio))).toEqual([400, 'Song file: File must be .wav or .mp3 format']);
    const garbage = join(dir, 'garbage.wav');
    writeFileSync(garbage, Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEjunk'), Buffer.alloc(2000, 7)]));
    expect(await failure(checkAudioUpload(garbage, { ...audio, label: 'Voice file' }))).toEqual([400, 'Voice file: Error reading file.']);
    expect(await failure(checkAudioUpload(sine('big.wav', 16), { ...audio, maxBytes: 1000 }))).toMatchObject([413, expect.stringContaining('too large')]);
  });
});

describe('audio files that are lists inside', () => {
  // An ID3 tag (so: MP3 by its bytes) followed by a list ffprobe would read, if left to guess the
  // format, and whose entries it would open: the FIFO the test holds.
  const id3 = Buffer.from([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 0]);
  const lists: Record<string, (fifo: string) => string> = {
    'an HLS playlist': (fifo) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:20\n#EXTINF:20.0,\n${fifo}\n#EXT-X-ENDLIST\n`,
    // By its name beside the list: the concat demuxer refuses absolute names.
    'an ffconcat list': () => 'ffconcat version 1.0\nfile segment.ts\nduration 20\n',
  };

  it.each(Object.keys(lists))('never opens a file that %s names, and refuses the file', async (list) => {
    const folder = mkdtempSync(join(dir, 'list-'));
    const fifo = holdFifo(folder, 'segment.ts');
    const file = join(folder, 'song_file-upload');
    writeFileSync(file, Buffer.concat([id3, Buffer.from(lists[list]!(fifo.path))]));
    let refusal: unknown;
    try {
      refusal = await failure(checkAudioUpload(file, { maxBytes: 5_000_000, ffprobePath: 'ffprobe', minSeconds: 15, label: 'Song file' }));
    } finally {
      expect(await fifo.opened(), 'the FIFO the list names was opened').toBe(false);
    }
    expect(refusal).toEqual([400, 'Song file: Error reading file.']);
  });
});

describe('links to media', () => {
  it('reads og:image / og:video from a post page, takes direct links, and checks what it fetched', async () => {
    const png = await picture('png');
    const clipFile = join(dir, 'clip.mp4');
    ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=25:duration=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clipFile);
    const pages: Record<string, string> = {
      '/p/abc123/': `<html><head><meta content='/media/pic.png?a=1&amp;b=2' property='og:image'></head></html>`,
      '/reel/xyz/': '<meta property="og:image" content="/media/pic.png"><meta property="og:video" content="/media/clip.mp4">',
      '/p/empty/': '<html><head><title>nothing</title></head></html>',
    };
    const server = createServer((req, res) => {
      const path = req.url ?? '';
      if (pages[path]) res.writeHead(200, { 'content-type': 'text/html' }).end(pages[path]);
      else if (path.startsWith('/media/pic.png')) res.end(png);
      else if (path === '/media/clip.mp4') res.end(readFileSync(clipFile));
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const deps = { allowHosts: [host], instagramHosts: [host] };
    try {
      expect(await resolveMediaUrl(`http://${host}/p/abc123/`, 'image', deps)).toEqual({ mediaUrl: `http://${host}/media/pic.png?a=1&b=2`, resolver: 'instagram' });
      expect((await resolveMediaUrl(`http://${host}/reel/xyz/`, 'video', deps)).mediaUrl).toBe(`http://${host}/media/clip.mp4`);
      expect(await failure(resolveMediaUrl(`http://${host}/p/empty/`, 'image', deps))).toEqual([400, 'Failed to download media from Instagram.']);
      expect(await failure(resolveMediaUrl(`http://${host}/explore/`, 'image', deps))).toEqual([400, 'Failed to download media from Instagram.']);
      expect(await failure(resolveMediaUrl('not a link', 'image', deps))).toEqual([400, 'Please provide an Instagram link.']);
      expect(await failure(resolveMediaUrl('instagram.com/p/x', 'video', deps))).toEqual([400, 'Please provide a valid Instagram link.']);
      expect(await failure(resolveMediaUrl(`http://${host}/p/abc123/`, 'image', { allowHosts: [], instagramHosts: [host] }))).toEqual([400, 'The link points to a private address.']);

      const file = join(dir, 'fetched');
      expect(await fetchMediaToFile(`http://${host}/media/pic.png`, file, 'image', { ...deps, maxBytes: 1_000_000 })).toMatchObject({ mime: 'image/png', ext: 'png', bytes: png.length });
      expect(await fetchMediaToFile(`http://${host}/media/clip.mp4`, file, 'video', { ...deps, maxBytes: 1_000_000 })).toMatchObject({ mime: 'video/mp4', ext: 'mp4' });
      expect(await failure(fetchMediaToFile(`http://${host}/media/pic.png`, file, 'video', { ...deps, maxBytes: 1_000_000 }))).toEqual([400, 'The link is not an MP4 or WebM video.']);
      expect(await failure(fetchMediaToFile(`http://${host}/p/empty/`, file, 'image', { ...deps, maxBytes: 1_000_000 }))).toEqual([400, 'The link is not a PNG, JPEG or WEBP picture.']);
      expect(await failure(fetchMediaToFile(`http://${host}/media/clip.mp4`, file, 'video', { ...deps, maxBytes: 100 }))).toEqual([400, 'Failed to download media from Instagram. The linked file is too large.']);
    } finally {
      server.close();
    }
  });
});
