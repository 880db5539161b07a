// Watermarked downloads (issue 12) in Chromium against the built app: the bridge's real chunk,
// found in the service worker's precache list, imported into a page of the app. Images on an
// OffscreenCanvas in the worker; videos here with ffmpeg.wasm (localStorage watermarkEngine =
// ffmpeg), whose core must come from our origin and runs in the watermark worker itself.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Worker } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildXmpPacket, readDigitalSourceType, readXmp, writeXmp } from '../../contract/provenance/index.ts';
import { imagePlacement, videoPlacement, type ImageVariant, type Placement } from '../../contract/watermark';
import { launchChromium, newAppContext, serviceWorkerControls } from './support/browser';
import { ROOT } from './support/server';
import { bridgePath as builtBridge, ffmpeg, frameAt, frameTimes, loadBridge, makeClip, meanDiff, probe, videoInPage, videoStream } from './support/watermark';

const CORE_WASM = /\/ffmpeg\/[\d.]+\/ffmpeg-core\.wasm$/;

/** The IPTC mark the server writes on every output (issue 26); the watermark must keep it. */
const MARK = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia';
const PACKET = buildXmpPacket({ digitalSourceType: MARK, creatorTool: 'Persona Studio test', title: 'Persona Studio face' });
const markOf = (bytes: Uint8Array) => {
  const packet = readXmp(bytes);
  return packet === null ? null : readDigitalSourceType(packet);
};

/**
 * 2 s at 641x361 (H.264 allows odd sizes in 4:4:4 only) with a variable frame rate: the first
 * 20 frames 1/30 s apart, then every third frame (1/10 s apart).
 */
function makeOddVariableClip(file: string): Buffer {
  ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30:duration=2,scale=641:361,setsar=1',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=2',
    '-vf', "select='lt(n\\,20)+not(mod(n\\,3))'", '-fps_mode', 'vfr',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv444p', '-c:a', 'aac', '-shortest', file,
  ]);
  return readFileSync(file);
}

/** The video stream's size and rates, and the distinct gaps between its frames (seconds, 4 places). */
function videoTiming(file: string) {
  const { width, height, r_frame_rate, avg_frame_rate } = videoStream(probe(file));
  const times = frameTimes(file);
  const gaps = new Set(times.slice(1).map((t, i) => (t - times[i]!).toFixed(4)));
  return { width, height, r_frame_rate, avg_frame_rate, gaps: [...gaps].sort() };
}

describe('watermarked downloads', () => {
  const baseURL = inject('baseURL');
  const origin = new URL(baseURL).origin;
  const dir = mkdtempSync(join(tmpdir(), 'persona-watermark-'));
  const requests: string[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let clip: Buffer;
  let logo: { width: number; height: number };
  let bridgePath: string;

  beforeAll(async () => {
    clip = makeClip(join(dir, 'clip.mp4'), 2);
    const meta = await sharp(join(ROOT, 'public', 'watermark.png')).metadata();
    logo = { width: meta.width!, height: meta.height! };
    // The bridge's hashed chunk, from the service worker's precache list.
    bridgePath = await builtBridge(baseURL);

    browser = await launchChromium();
    // No service worker here, so every request (page, worker, ffmpeg's core) shows in the log.
    context = await newAppContext(browser, { baseURL, serviceWorkers: 'block', acceptDownloads: true });
    context.on('request', (request) => requests.push(request.url()));
    page = await context.newPage();
    await page.goto('/');
    await loadBridge(page, bridgePath, 'ffmpeg');
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each<ImageVariant>(['studio', 'gallery'])('an image (%s): the logo at its place and opacity, PNG out', async (variant) => {
    const size = { width: 800, height: 600 };
    const grey = 64;
    const input = await sharp({ create: { ...size, channels: 3, background: { r: grey, g: grey, b: grey } } }).png().toBuffer();
    const b64 = await page.evaluate(
      async ({ b64, variant }) => {
        const blob = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'image/png' });
        const out = await window.wm.watermarkImage(blob, { variant });
        if (out.type !== 'image/png') throw new Error(`type ${out.type}`);
        const bytes = new Uint8Array(await out.arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return btoa(s);
      },
      { b64: input.toString('base64'), variant },
    );
    const { data, info } = await sharp(Buffer.from(b64, 'base64')).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([size.width, size.height]);
    const at: Placement = imagePlacement(variant, size, logo);
    if (variant === 'studio') {
      expect([at.x + at.width, at.y + at.height]).toEqual([size.width - 20, size.height - 20]);
    } else {
      expect(Math.abs(at.x + at.width / 2 - size.width / 2)).toBeLessThanOrEqual(1);
      expect(at.width / size.width).toBeCloseTo(0.3, 2);
    }
    // Every changed pixel lies inside the logo's box; the brightest is white at the variant's opacity.
    let [minX, minY, maxX, maxY, brightest] = [Infinity, Infinity, -1, -1, 0];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const v = data[(y * info.width + x) * info.channels]!;
        if (Math.abs(v - grey) <= 2) continue;
        [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
        brightest = Math.max(brightest, v);
      }
    }
    expect(minX).toBeGreaterThanOrEqual(at.x - 1);
    expect(minY).toBeGreaterThanOrEqual(at.y - 1);
    expect(maxX).toBeLessThanOrEqual(at.x + at.width);
    expect(maxY).toBeLessThanOrEqual(at.y + at.height);
    expect(maxX - minX).toBeGreaterThan(at.width * 0.8);
    expect(Math.abs(brightest - (grey + at.opacity * (255 - grey)))).toBeLessThanOrEqual(4);
  });

  it('downloadWatermarked fetches the media and saves it as watermarked-image-{id}.png', async () => {
    const [download, name] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate(() => window.wm.downloadWatermarked({ id: 'img42', url: '/icons/icon-512.png', kind: 'image' })),
    ]);
    expect(name).toBe('watermarked-image-img42.png');
    expect(download.suggestedFilename()).toBe('watermarked-image-img42.png');
    const saved = await sharp(await download.path()).metadata();
    expect([saved.format, saved.width, saved.height]).toEqual(['png', 512, 512]);
  });

  it("a downloaded watermarked picture keeps the original's IPTC mark (a JPEG's APP1 XMP into the PNG)", async () => {
    const jpeg = writeXmp(await sharp({ create: { width: 320, height: 240, channels: 3, background: '#336699' } }).jpeg().toBuffer(), PACKET);
    await page.route('**/media/gen/marked.jpg', (route) => route.fulfill({ body: Buffer.from(jpeg), contentType: 'image/jpeg' }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.evaluate(() => window.wm.downloadWatermarked({ id: 'marked', url: '/media/gen/marked.jpg', kind: 'image' })),
    ]);
    const saved = readFileSync(await download.path());
    expect((await sharp(saved).metadata()).format).toBe('png');
    expect(markOf(saved)).toBe(MARK);
    expect((await sharp(saved).metadata()).xmp?.toString()).toContain(MARK);
  });

  it('a video: plays, keeps its length, audio and IPTC mark, the logo at the bottom centre and nothing else changed', async () => {
    const first = await videoInPage(page, Buffer.from(writeXmp(clip, PACKET)));
    if (!first.ok) throw new Error(`${first.name}: ${first.message}`);
    const second = await videoInPage(page, clip); // the core is loaded now
    if (!second.ok) throw new Error(`${second.name}: ${second.message}`);
    console.log(`video 2 s 640x360: first job ${Math.round(first.ms)} ms (with the core's load), next ${Math.round(second.ms)} ms`);

    expect(first.type).toBe('video/mp4');
    expect(first.engines).toEqual(['ffmpeg']);
    expect(first.progress.length).toBeGreaterThan(0);
    expect(first.progress.at(-1)).toBe(1);
    // timing-ok: the media duration of the file, not the wall clock
    expect(Math.abs(first.played.duration - 2)).toBeLessThanOrEqual(0.2);
    expect(first.played.width).toBe(640);

    const out = join(dir, 'out.mp4');
    writeFileSync(out, first.bytes);
    expect(markOf(readFileSync(out))).toBe(MARK);
    const info = probe(out);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    // timing-ok: the media duration of the file, not the wall clock
    expect(Math.abs(Number(info.format.duration) - 2)).toBeLessThanOrEqual(0.2);

    const before = frameAt(join(dir, 'clip.mp4'), 1);
    const after = frameAt(out, 1);
    const at = videoPlacement({ width: 640, height: 360 }, logo);
    const far = { x: 0, y: 0, width: 200, height: 100 };
    const logoDiff = meanDiff(before, after, 640, at);
    const farDiff = meanDiff(before, after, 640, far);
    console.log(`mean difference per channel: logo box ${logoDiff.toFixed(1)}, far corner ${farDiff.toFixed(1)}`);
    expect(logoDiff).toBeGreaterThan(8);
    expect(farDiff).toBeLessThan(3);
  });

  it('an odd-sized clip with a variable frame rate comes out even-sized at a constant 25 fps and plays', async () => {
    const odd = join(dir, 'odd.mp4');
    const bytes = makeOddVariableClip(odd);
    // The input really is odd-sized and variable-rate.
    const input = videoTiming(odd);
    expect([input.width, input.height]).toEqual([641, 361]);
    expect(input.gaps.length).toBeGreaterThan(1);
    const result = await videoInPage(page, bytes);
    if (!result.ok) throw new Error(`${result.name}: ${result.message}`);
    expect([result.played.width, result.played.height]).toEqual([640, 360]);
    const out = join(dir, 'odd-out.mp4');
    writeFileSync(out, result.bytes);
    const timing = videoTiming(out);
    expect(timing).toMatchObject({ width: 640, height: 360, r_frame_rate: '25/1', avg_frame_rate: '25/1' });
    expect(timing.gaps).toEqual(['0.0400']);
    // timing-ok: the media duration of the file, not the wall clock
    expect(Math.abs(Number(probe(out).format.duration) - 2)).toBeLessThanOrEqual(0.1);
  });

  it("cancelling during ffmpeg's run ends it at once; a video and an image pending then, and a next job, still work", async () => {
    // Long enough (about 5 s in ffmpeg.wasm) that its run ending on its own is not mistaken for the cancel.
    const long = makeClip(join(dir, 'long.mp4'), 30);
    // When each watermark worker ends (Date.now()): the one running the job must end at the cancel.
    const ended: number[] = [];
    const follow = (w: Worker) => {
      if (w.url().includes('watermark.worker')) w.on('close', () => ended.push(Date.now()));
    };
    page.workers().forEach(follow);
    page.on('worker', follow);
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#404040' } }).png().toBuffer();
    const outcome = await page.evaluate(
      async ({ longB64, clipB64, imageB64 }) => {
        const blob = (b64: string, type: string) => new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type });
        const cancel = new AbortController();
        const progress: number[] = [];
        let cancelledAt = 0;
        let abortedAt = 0;
        // Progress only comes while ffmpeg's exec runs, after the worker said 'blocking': the
        // bridge must end the worker, a 'cancel' message would wait for the run to finish.
        const cancelled = window.wm
          .watermarkVideo(blob(longB64, 'video/mp4'), {
            signal: cancel.signal,
            onProgress: (p) => {
              progress.push(p);
              if (p > 0 && !cancel.signal.aborted) {
                cancelledAt = performance.now();
                abortedAt = Date.now();
                cancel.abort();
              }
            },
          })
          .then(
            () => ({ name: 'resolved', ms: 0 }),
            (error: Error) => ({ name: error.name, ms: performance.now() - cancelledAt }),
          );
        const video = window.wm.watermarkVideo(blob(clipB64, 'video/mp4')).then((out) => ({ type: out.type, size: out.size }));
        const picture = window.wm.watermarkImage(blob(imageB64, 'image/png')).then((out) => ({ type: out.type, size: out.size }));
        const [stop, next, still] = await Promise.all([cancelled, video, picture]);
        return { stop, next, still, progress, abortedAt };
      },
      { longB64: long.toString('base64'), clipB64: clip.toString('base64'), imageB64: image.toString('base64') },
    );
    expect(outcome.stop.name).toBe('AbortError');
    // The run was stopped, not left to finish: its worker was ended (a 'cancel' message would
    // only be read after ffmpeg's exec, and the worker would stay). Chromium stops a worker busy
    // in a long task 2 s after terminate() (its forcible termination delay). How fast the cancel
    // answers is for the bench (npm run bench:watermark), not a time budget here.
    const endedAfter = () => ended.map((at) => at - outcome.abortedAt).filter((gap) => gap >= 0);
    await expect.poll(() => endedAfter().length, { timeout: 20_000 }).toBeGreaterThan(0);
    page.off('worker', follow);
    console.log(`cancel during ffmpeg's exec: rejected ${Math.round(outcome.stop.ms)} ms after abort(), the worker gone ${endedAfter()[0]} ms after`);
    // Stopped mid-run: progress had started and never reached the end.
    expect(Math.max(...outcome.progress)).toBeLessThan(1);
    expect(outcome.next.type).toBe('video/mp4');
    expect(outcome.next.size).toBeGreaterThan(10_000);
    expect(outcome.still.type).toBe('image/png');
    const after = await videoInPage(page, clip);
    if (!after.ok) throw new Error(`${after.name}: ${after.message}`);
    expect(after.played.width).toBe(640);
  });

  it('a corrupt video fails with a clear error; the next job still works', async () => {
    const corrupt = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]);
    const failed = await videoInPage(page, corrupt);
    expect(failed.ok).toBe(false);
    if (!failed.ok) {
      expect(failed.name).toBe('Error');
      expect(failed.message).toMatch(/^Watermark: /);
    }
    const next = await videoInPage(page, clip);
    expect(next.ok).toBe(true);
  });

  // A first install fetches the whole precache before the worker controls the page: slow on a busy machine.
  it('with the service worker in control, the core is kept in a cache of its own, never precached', { timeout: 180_000 }, async () => {
    const swContext = await newAppContext(browser, { serviceWorkers: 'allow', baseURL });
    swContext.on('request', (request) => requests.push(request.url()));
    const swPage = await swContext.newPage();
    await swPage.goto('/');
    await swPage.evaluate(() => localStorage.setItem('watermarkEngine', 'ffmpeg'));
    await swPage.evaluate(() => navigator.serviceWorker.ready);
    await serviceWorkerControls(swPage);
    const cached = () =>
      swPage.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${new URL(request.url).pathname}`);
        }
        return urls.filter((entry) => entry.includes('/ffmpeg/'));
      });
    expect(await cached()).toEqual([]);
    await loadBridge(swPage, bridgePath, 'ffmpeg');
    const result = await videoInPage(swPage, clip);
    expect(result.ok).toBe(true);
    expect((await cached()).sort()).toEqual([
      expect.stringMatching(/^ffmpeg-core \/ffmpeg\/[\d.]+\/ffmpeg-core\.js$/),
      expect.stringMatching(/^ffmpeg-core \/ffmpeg\/[\d.]+\/ffmpeg-core\.wasm$/),
    ]);
    await swContext.close();
  });

  it('the core came from our origin, as application/wasm; no request left it', async () => {
    const core = requests.filter((url) => CORE_WASM.test(url));
    expect(core.length).toBeGreaterThan(0);
    expect(requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(blob|data):/.test(url))).toEqual([]);
    const plain = await fetch(core[0]!, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-type')).toMatch(/^application\/wasm/);
    expect(plain.headers.get('cache-control')).toContain('immutable');
    // Sent brotli-compressed (made at build time): about a quarter of the bytes.
    const br = await fetch(core[0]!, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-type')).toMatch(/^application\/wasm/);
    expect(br.headers.get('content-encoding')).toBe('br');
    const [wasmBytes, brBytes] = [Number(plain.headers.get('content-length')), Number(br.headers.get('content-length'))];
    expect(brBytes).toBeLessThan(wasmBytes / 3);
    console.log(`ffmpeg core: ${wasmBytes} bytes of wasm, ${brBytes} sent with brotli`);
  });
});
