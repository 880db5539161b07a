// The video watermark's browser tests share these: clips made with native ffmpeg, what ffprobe
// and ffmpeg read back from a result, and the bridge (src/workers/watermark.ts) driven in a page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { ImageVariant } from '../../../contract/watermark';

/** The bridge as the page sees it (src/workers/watermark.ts). */
export interface Bridge {
  watermarkImage(input: Blob, options?: { variant?: ImageVariant }): Promise<Blob>;
  watermarkVideo(
    input: Blob,
    options?: { onProgress?: (p: number) => void; onEngine?: (engine: string) => void; signal?: AbortSignal },
  ): Promise<Blob>;
  downloadWatermarked(item: { id?: string; url: string; kind: 'image' | 'video' }): Promise<string>;
}
declare global {
  interface Window {
    wm: Bridge;
    wmProgress: number[];
    wmCancel: AbortController;
    /** Progress reports of a cancelled job that came after it had already rejected (none, when the work stopped). */
    wmLateProgress: number;
  }
}

export function ffmpeg(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 64 * 1024 * 1024 });
}

export interface ClipOptions {
  width?: number;
  height?: number;
  fps?: number;
  audio?: boolean;
  /** Video codec and its options (H.264 by default). */
  codec?: string[];
  /** Output options before the file name (metadata, frame selection). */
  extra?: string[];
}

/** A test clip made with native ffmpeg: 640x360, 25 fps H.264 with an AAC tone unless told otherwise. */
export function makeClip(file: string, seconds: number, options: ClipOptions = {}): Buffer {
  const { width = 640, height = 360, fps = 25, audio = true, codec = ['-c:v', 'libx264', '-preset', 'veryfast'], extra = [] } =
    options;
  ffmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${seconds}`, '-c:a', 'aac', '-shortest'] : []),
    ...codec, '-pix_fmt', 'yuv420p', ...extra, file,
  ]);
  return readFileSync(file);
}

/** One frame at `seconds` as RGB bytes, turned as a player shows it. */
export function frameAt(file: string, seconds: number): Buffer {
  return ffmpeg(['-i', file, '-ss', String(seconds), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-']);
}

export interface Probe {
  streams: Array<{
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    r_frame_rate?: string;
    avg_frame_rate?: string;
    nb_frames?: string;
    duration?: string;
    bit_rate?: string;
    side_data_list?: Array<{ rotation?: number }>;
  }>;
  format: { duration: string };
}

export function probe(file: string): Probe {
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString()) as Probe;
}

export function videoStream(info: Probe) {
  const stream = info.streams.find((s) => s.codec_type === 'video');
  if (!stream) throw new Error('no video stream');
  return stream;
}

/** The MD5 of a file's audio packets as they are stored (no decoding): equal means copied bit for bit. */
export function audioPacketsMd5(file: string): string {
  return ffmpeg(['-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'md5', '-']).toString().trim();
}

/** Presentation times of the video frames, in seconds. */
export function frameTimes(file: string): number[] {
  const out = execFileSync('ffprobe', [
    '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time', '-of', 'csv=p=0', file,
  ]).toString();
  return out.split('\n').filter(Boolean).map(Number).sort((a, b) => a - b);
}

/** Mean absolute difference of two RGB frames over a rectangle. */
export function meanDiff(a: Buffer, b: Buffer, width: number, r: { x: number; y: number; width: number; height: number }): number {
  let sum = 0;
  for (let y = r.y; y < r.y + r.height; y++) {
    for (let x = r.x; x < r.x + r.width; x++) {
      for (let c = 0; c < 3; c++) sum += Math.abs(a[(y * width + x) * 3 + c]! - b[(y * width + x) * 3 + c]!);
    }
  }
  return sum / (r.width * r.height * 3);
}

/** Imports the built bridge chunk (its hashed name from the service worker's precache list) as window.wm. */
export async function bridgePath(baseURL: string): Promise<string> {
  const sw = await (await fetch(`${baseURL}/sw.js`)).text();
  // Chunks named after a module called watermark: the bridge and, when shared, contract/watermark.ts; the bridge exports watermarkImage.
  for (const [chunk] of sw.matchAll(/assets\/watermark-[\w-]+\.js/g)) {
    if ((await (await fetch(`${baseURL}/${chunk}`)).text()).includes('watermarkImage')) return chunk;
  }
  throw new Error('the build has no watermark bridge chunk');
}

export async function loadBridge(page: Page, path: string, engine?: 'auto' | 'webcodecs' | 'ffmpeg'): Promise<void> {
  if (engine) await page.evaluate((value) => localStorage.setItem('watermarkEngine', value), engine);
  // A string, not a function: the test runner would rewrite an import() inside a function.
  await page.evaluate(`import('/${path}').then((bridge) => { window.wm = bridge; })`);
}

export type VideoResult =
  | {
      ok: true;
      bytes: Buffer;
      ms: number;
      played: { duration: number; width: number; height: number };
      type: string;
      progress: number[];
      engines: string[];
    }
  | { ok: false; name: string; message: string; progress: number[]; engines: string[]; msAfterCancel: number | null };

/**
 * Runs watermarkVideo in the page on `bytes`. With `cancelAt`, aborts once progress passes it
 * and reports how long the job took to stop after that.
 */
export async function videoInPage(page: Page, bytes: Buffer, cancelAt: number | null = null): Promise<VideoResult> {
  const result = await page.evaluate(
    async ({ b64, cancelAt }) => {
      const input = new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type: 'video/mp4' });
      const progress: number[] = (window.wmProgress = []);
      window.wmCancel = new AbortController();
      if (cancelAt !== null) window.wmLateProgress = 0;
      let rejected = false;
      const engines: string[] = [];
      let cancelledAt: number | null = null;
      const started = performance.now();
      try {
        const out = await window.wm.watermarkVideo(input, {
          signal: window.wmCancel.signal,
          onEngine: (engine) => engines.push(engine),
          onProgress: (p) => {
            progress.push(p);
            if (rejected) window.wmLateProgress++;
            if (cancelAt !== null && p > cancelAt && cancelledAt === null) {
              cancelledAt = performance.now();
              window.wmCancel.abort();
            }
          },
        });
        const ms = performance.now() - started;
        const buffer = new Uint8Array(await out.arrayBuffer());
        let binary = '';
        for (let i = 0; i < buffer.length; i += 0x8000) binary += String.fromCharCode(...buffer.subarray(i, i + 0x8000));
        // The result must play in this browser.
        const video = document.createElement('video');
        video.muted = true;
        const url = URL.createObjectURL(out);
        const played = await new Promise<{ duration: number; width: number; height: number }>((resolve, reject) => {
          video.onloadeddata = () => resolve({ duration: video.duration, width: video.videoWidth, height: video.videoHeight });
          video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
          video.src = url;
        });
        URL.revokeObjectURL(url);
        return { ok: true as const, b64: btoa(binary), ms, played, type: out.type, progress, engines };
      } catch (error) {
        rejected = true;
        const e = error as Error;
        const msAfterCancel = cancelledAt === null ? null : performance.now() - cancelledAt;
        return { ok: false as const, name: e.name, message: e.message, progress, engines, msAfterCancel };
      }
    },
    { b64: bytes.toString('base64'), cancelAt },
  );
  if (!result.ok) return result;
  const { b64, ...rest } = result;
  return { ...rest, bytes: Buffer.from(b64, 'base64') };
}
