// The video watermark's WebCodecs path (issue 27) in Chromium against the built app: what the
// download must be (H.264 at a constant 25 fps, the original's audio bit for bit, its length
// within a frame, the logo at the bottom centre of the picture as shown, rotation and odd sizes,
// the IPTC mark), that 'auto' never fetches ffmpeg's core for a clip WebCodecs can do and hands
// it one it cannot decode, cancelling, and broken input.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildXmpPacket, readDigitalSourceType, readXmp, writeXmp } from '../../contract/provenance/index.ts';
import { videoPlacement } from '../../contract/watermark';
import { launchChromium, newAppContext } from './support/browser';
import { ROOT } from './support/server';
import {
  audioPacketsMd5,
  bridgePath,
  frameAt,
  frameTimes,
  loadBridge,
  makeClip,
  meanDiff,
  probe,
  videoInPage,
  videoStream,
  type VideoResult,
} from './support/watermark';

const CORE = /\/ffmpeg\/[\d.]+\/ffmpeg-core\.(js|wasm)$/;
const MARK = 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia';
const FRAME = 1 / 25;

function succeeded(result: VideoResult): Extract<VideoResult, { ok: true }> {
  if (!result.ok) throw new Error(`${result.name}: ${result.message}`);
  return result;
}

describe('the WebCodecs video watermark', () => {
  const baseURL = inject('baseURL');
  const dir = mkdtempSync(join(tmpdir(), 'persona-webcodecs-'));
  const requests: string[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let bridge: string;
  let logo: { width: number; height: number };

  /** Writes a result to disk for ffprobe. */
  const saved = (name: string, bytes: Buffer) => {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return file;
  };

  beforeAll(async () => {
    const meta = await sharp(join(ROOT, 'public', 'watermark.png')).metadata();
    logo = { width: meta.width!, height: meta.height! };
    bridge = await bridgePath(baseURL);
    browser = await launchChromium();
    // No service worker: every request of the page and its worker shows in the log.
    context = await newAppContext(browser, { baseURL, serviceWorkers: 'block' });
    context.on('request', (request) => requests.push(request.url()));
    page = await context.newPage();
    await page.goto('/');
    await loadBridge(page, bridge, 'auto');
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('auto: a clip with audio comes out H.264 at 25 fps, its audio bit for bit, its length, mark and a logo at the bottom centre; no ffmpeg core fetched', async () => {
    const input = saved('in.mp4', makeClip(join(dir, 'plain.mp4'), 3));
    const packet = buildXmpPacket({ digitalSourceType: MARK, creatorTool: 'Persona Studio test', title: 'clip' });
    const marked = Buffer.from(writeXmp(readFileSync(input), packet));
    const result = succeeded(await videoInPage(page, marked));
    expect(result.engines).toEqual(['webcodecs']);
    expect(result.type).toBe('video/mp4');
    expect(result.progress.at(-1)).toBe(1);
    expect(result.progress).toEqual([...result.progress].sort((a, b) => a - b));
    expect([result.played.width, result.played.height]).toEqual([640, 360]);

    const out = saved('out.mp4', result.bytes);
    const kept = readXmp(result.bytes);
    expect(kept && readDigitalSourceType(kept)).toBe(MARK);
    const info = probe(out);
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    const video = videoStream(info);
    expect(video.r_frame_rate).toBe('25/1');
    expect(video.avg_frame_rate).toBe('25/1');
    // Constant rate: every frame 40 ms after the one before.
    const times = frameTimes(out);
    expect(times).toHaveLength(75);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeCloseTo(FRAME, 3);
    // timing-ok: the media duration of the files, not the wall clock
    expect(Math.abs(Number(video.duration) - Number(videoStream(probe(input)).duration))).toBeLessThanOrEqual(FRAME);
    expect(audioPacketsMd5(out)).toBe(audioPacketsMd5(input));

    const at = videoPlacement({ width: 640, height: 360 }, logo);
    const [before, after] = [frameAt(input, 1.5), frameAt(out, 1.5)];
    const logoDiff = meanDiff(before, after, 640, at);
    const elsewhere = meanDiff(before, after, 640, { x: 0, y: 0, width: 640, height: at.y - 4 });
    console.log(`webcodecs 3 s 640x360: ${Math.round(result.ms)} ms; mean difference per channel: logo box ${logoDiff.toFixed(1)}, above it ${elsewhere.toFixed(1)}`);
    expect(logoDiff).toBeGreaterThan(8);
    expect(elsewhere).toBeLessThan(3);
    expect(requests.filter((url) => CORE.test(url))).toEqual([]);
  });

  it('2.5 Mbit/s: a 10 s clip comes out within 20% of it', async () => {
    const input = saved('ten.mp4', makeClip(join(dir, 'ten-src.mp4'), 10, { width: 1280, height: 720 }));
    const result = succeeded(await videoInPage(page, readFileSync(input)));
    const video = videoStream(probe(saved('ten-out.mp4', result.bytes)));
    const rate = Number(video.bit_rate);
    console.log(`webcodecs 10 s 1280x720: ${Math.round(result.ms)} ms, ${(rate / 1e6).toFixed(2)} Mbit/s`);
    expect(rate).toBeGreaterThan(2_000_000);
    expect(rate).toBeLessThan(3_000_000);
  });

  it('a clip without audio, at a variable frame rate and an odd size: even size, constant 25 fps, same length', async () => {
    // VP9: H.264 in 4:2:0 cannot hold an odd size (ffmpeg would round it), VP9 can. Frames at 30
    // fps with every third one dropped after the first second: a variable rate.
    const input = saved(
      'vfr.mp4',
      makeClip(join(dir, 'vfr-src.mp4'), 3, {
        fps: 30,
        audio: false,
        codec: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'],
        // testsrc2 rounds its own size to even numbers: scale after it.
        extra: ['-vf', "scale=641:361,setsar=1,select='lt(t\\,1)+not(eq(mod(n\\,3)\\,2))'", '-fps_mode', 'vfr'],
      }),
    );
    expect([videoStream(probe(input)).width, videoStream(probe(input)).height]).toEqual([641, 361]);
    const inputTimes = frameTimes(input);
    expect(new Set(inputTimes.slice(1).map((t, i) => (t - inputTimes[i]!).toFixed(3))).size).toBeGreaterThan(1);
    const result = succeeded(await videoInPage(page, readFileSync(input)));
    expect(result.engines).toEqual(['webcodecs']);
    const info = probe(saved('vfr-out.mp4', result.bytes));
    expect(info.streams.map((s) => s.codec_type)).toEqual(['video']);
    const video = videoStream(info);
    expect([video.width, video.height]).toEqual([640, 360]);
    expect(video.avg_frame_rate).toBe('25/1');
    const times = frameTimes(saved('vfr-out2.mp4', result.bytes));
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeCloseTo(FRAME, 3);
    const inputEnd = inputTimes.at(-1)! + 1 / 30;
    expect(Math.abs(times.at(-1)! + FRAME - inputEnd)).toBeLessThanOrEqual(FRAME);
  });

  it('a rotated phone clip keeps its rotation and gets the logo at the bottom centre of the picture as shown', async () => {
    makeClip(join(dir, 'portrait-src.mp4'), 2);
    const input = join(dir, 'rotated.mp4');
    // Stored landscape, shown portrait (360x640), as phones record.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'portrait-src.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', input]);
    const result = succeeded(await videoInPage(page, readFileSync(input)));
    expect([result.played.width, result.played.height]).toEqual([360, 640]);
    const out = saved('rotated-out.mp4', result.bytes);
    expect(videoStream(probe(out)).side_data_list?.[0]?.rotation).toBe(videoStream(probe(input)).side_data_list?.[0]?.rotation);
    // ffmpeg turns both as a player does: compare the pictures as shown.
    const shown = { width: 360, height: 640 };
    const at = videoPlacement(shown, logo);
    const [before, after] = [frameAt(input, 1), frameAt(out, 1)];
    expect(before.length).toBe(shown.width * shown.height * 3);
    const logoDiff = meanDiff(before, after, shown.width, at);
    const elsewhere = meanDiff(before, after, shown.width, { x: 0, y: 0, width: shown.width, height: at.y - 4 });
    console.log(`rotated: logo box ${logoDiff.toFixed(1)}, above it ${elsewhere.toFixed(1)}`);
    expect(logoDiff).toBeGreaterThan(8);
    expect(elsewhere).toBeLessThan(3);
  });

  it('auto: a codec this browser cannot decode (MPEG-4 Part 2) goes to ffmpeg.wasm, and the download is the same kind', async () => {
    const input = makeClip(join(dir, 'mpeg4.mp4'), 2, { codec: ['-c:v', 'mpeg4', '-q:v', '5'] });
    const result = succeeded(await videoInPage(page, input));
    expect(result.engines).toEqual(['webcodecs', 'ffmpeg']);
    expect(result.progress).toEqual([...result.progress].sort((a, b) => a - b));
    const info = probe(saved('mpeg4-out.mp4', result.bytes));
    expect(info.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(requests.filter((url) => CORE.test(url)).length).toBeGreaterThan(0);
  });

  it('cancel stops the work at once; the next job works', async () => {
    const long = makeClip(join(dir, 'long.mp4'), 10, { width: 1280, height: 720 });
    const cancelled = await videoInPage(page, long, 0.2);
    expect(cancelled.ok).toBe(false);
    if (cancelled.ok) return;
    expect(cancelled.name).toBe('AbortError');
    expect(cancelled.engines).toEqual(['webcodecs']);
    expect(Math.max(...cancelled.progress)).toBeLessThan(1);
    // How fast is for the bench (npm run bench:watermark); here: the work stopped, so once the
    // whole next job has run, the cancelled one has reported nothing more since it rejected.
    console.log(`cancel answered in ${cancelled.msAfterCancel?.toFixed(0)} ms`);
    succeeded(await videoInPage(page, makeClip(join(dir, 'after-cancel.mp4'), 1)));
    expect(await page.evaluate(() => window.wmLateProgress)).toBe(0);
  });

  it('webcodecs forced: a corrupt clip fails with a clear error and no fallback; the next job works', async () => {
    await loadBridge(page, bridge, 'webcodecs');
    const clip = makeClip(join(dir, 'corrupt-src.mp4'), 1);
    const corrupt = Buffer.concat([clip.subarray(0, 64), Buffer.alloc(4096, 7)]);
    const failed = await videoInPage(page, corrupt);
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.name).toBe('Error');
    expect(failed.message).toMatch(/^Watermark: /);
    expect(failed.engines).toEqual(['webcodecs']);
    succeeded(await videoInPage(page, clip));
    await loadBridge(page, bridge, 'auto');
  });
});
