// The page's way to watermarked downloads (spec §7, §9). Runs on the page and hands the work
// to watermark.worker.ts: images on an OffscreenCanvas, videos with ffmpeg.wasm. Every function
// rejects with an Error on failure (an AbortError DOMException when cancelled); the caller logs
// it and puts its button back.
import { loadLogo, watermarkImageWith, type CanvasFactory } from './imageWatermark';
import type { VideoEngine, VideoEngineChoice, WorkerRequest, WorkerResponse } from './protocol';
import { WATERMARK_LOGO_PATH, watermarkedFileName, type ImageVariant } from './watermarkSpec';

export type { ImageVariant } from './watermarkSpec';

export interface VideoOptions {
  /** 0..1, as the encoder advances. */
  onProgress?: (progress: number) => void;
  onEngine?: (engine: VideoEngine) => void;
  signal?: AbortSignal;
}

/** A way to watermark videos; chosen per browser by chooseVideoWatermarker. */
export interface VideoWatermarker {
  readonly engine: VideoEngineChoice;
  watermark(input: Blob, options?: VideoOptions): Promise<Blob>;
}

/** The worker goes after this long without a job, and its memory (ffmpeg's ~300 MB) with it. */
const IDLE_MS = 60_000;
/** Gallery downloads give up on media that has not arrived by then (spec §9). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

interface Pending {
  resolve: (blob: Blob) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: number) => void;
  onEngine?: (engine: VideoEngine) => void;
}

let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function failAll(message: string): void {
  for (const job of pending.values()) job.reject(new Error(message));
  pending.clear();
}

function dropWorker(): void {
  worker?.terminate();
  worker = null;
}

function idleWhenDone(): void {
  clearTimeout(idleTimer);
  if (pending.size === 0) idleTimer = setTimeout(dropWorker, IDLE_MS);
}

function getWorker(): Worker {
  clearTimeout(idleTimer);
  if (worker) return worker;
  const created = new Worker(new URL('./watermark.worker.ts', import.meta.url), { type: 'module', name: 'watermark' });
  created.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    const message = event.data;
    const job = pending.get(message.id);
    if (!job) return;
    if (message.type === 'progress') {
      job.onProgress?.(message.progress);
      return;
    }
    if (message.type === 'engine') return void job.onEngine?.(message.engine);
    if (message.type === 'blocking') return;
    pending.delete(message.id);
    if (message.type === 'done') job.resolve(message.output);
    else job.reject(message.aborted ? abortError() : new Error(message.message));
    idleWhenDone();
  });
  created.addEventListener('error', (event) => {
    event.preventDefault();
    dropWorker();
    failAll(`Watermark: the worker failed (${event.message || 'could not start'})`);
  });
  worker = created;
  return created;
}

function abortError(): DOMException {
  return new DOMException('Watermark cancelled', 'AbortError');
}

type JobRequest = Extract<WorkerRequest, { type: 'image' | 'video' }>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

function runInWorker(request: WithoutId<JobRequest>, options: VideoOptions = {}): Promise<Blob> {
  const { signal, onProgress, onEngine } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<Blob>((resolve, reject) => {
    const id = nextId++;
    const onAbort = () => {
      if (!pending.delete(id)) return;
      worker?.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
      reject(abortError());
      idleWhenDone();
    };
    const settle = () => signal?.removeEventListener('abort', onAbort);
    pending.set(id, {
      resolve: (blob) => (settle(), resolve(blob)),
      reject: (error) => (settle(), reject(error)),
      onProgress,
      onEngine,
    });
    signal?.addEventListener('abort', onAbort, { once: true });
    getWorker().postMessage({ ...request, id } as WorkerRequest);
  });
}

/** Where OffscreenCanvas (with a 2D context) is missing, images are drawn on the page. */
let offscreen2d: boolean | undefined;
function hasOffscreen2d(): boolean {
  if (offscreen2d === undefined) {
    try {
      offscreen2d = typeof OffscreenCanvas !== 'undefined' && new OffscreenCanvas(1, 1).getContext('2d') !== null;
    } catch {
      offscreen2d = false;
    }
  }
  return offscreen2d;
}

const pageCanvas: CanvasFactory = {
  create(width, height) {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Watermark: no 2D canvas');
    const toPng = () =>
      new Promise<Blob>((resolve, reject) =>
        canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Watermark: the PNG could not be made'))), 'image/png'),
      );
    return { context, toPng };
  },
};
let pageLogo: ReturnType<typeof loadLogo> | null = null;

/** The image with the logo (studio: bottom-right at 80%; gallery: bottom centre), as a PNG. */
export function watermarkImage(
  input: Blob,
  { variant = 'studio', signal }: { variant?: ImageVariant; signal?: AbortSignal } = {},
): Promise<Blob> {
  if (hasOffscreen2d()) return runInWorker({ type: 'image', input, variant }, { signal });
  const logo = (pageLogo ??= loadLogo(WATERMARK_LOGO_PATH));
  logo.catch(() => (pageLogo = null));
  return logo.then(({ bitmap }) => watermarkImageWith(pageCanvas, input, bitmap, variant));
}

function workerVideo(engine: VideoEngineChoice): VideoWatermarker {
  return { engine, watermark: (input, options) => runInWorker({ type: 'video', input, engine }, options) };
}

/** The video implementation for this browser. ffmpeg.wasm everywhere for now; WebCodecs can be chosen here later. */
export function chooseVideoWatermarker(): VideoWatermarker {
  const forced = globalThis.localStorage?.getItem('watermarkEngine');
  return workerVideo(forced === 'webcodecs' || forced === 'ffmpeg' ? forced : 'auto');
}

let videoWatermarker: VideoWatermarker | undefined;

/** The video with the logo centred at the bottom: H.264, 25 fps, 2.5 Mbit/s, audio copied, MP4. */
export function watermarkVideo(input: Blob, options: VideoOptions = {}): Promise<Blob> {
  videoWatermarker = chooseVideoWatermarker();
  return videoWatermarker.watermark(input, options);
}

export interface DownloadItem {
  id?: string;
  url: string;
  kind: 'image' | 'video';
}

export interface DownloadOptions extends VideoOptions {
  /** Gives up on the media's fetch after this long (30 s by default, the gallery's time-out). */
  timeoutMs?: number;
  /** Images only: the studio's corner logo (default) or the gallery's centred one. */
  variant?: ImageVariant;
}

/** Aborts when any of the signals does (AbortSignal.any is too recent to rely on). */
function anySignal(signals: AbortSignal[]): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort();
  for (const s of signals) {
    if (s.aborted) abort();
    else s.addEventListener('abort', abort, { once: true });
  }
  return { signal: controller.signal, dispose: () => signals.forEach((s) => s.removeEventListener('abort', abort)) };
}

async function fetchMedia(url: string, timeoutMs: number, signal?: AbortSignal): Promise<Blob> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const combined = anySignal(signal ? [signal, timeout.signal] : [timeout.signal]);
  try {
    const response = await fetch(url, { signal: combined.signal });
    if (!response.ok) throw new Error(`Watermark: the media could not be fetched (${response.status})`);
    return await response.blob();
  } catch (error) {
    if (signal?.aborted) throw abortError();
    if (timeout.signal.aborted) throw new Error(`Watermark: the media did not arrive within ${timeoutMs / 1000} s`);
    throw error instanceof Error ? error : new Error(String(error));
  } finally {
    clearTimeout(timer);
    combined.dispose();
  }
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches the media, watermarks it and saves it; resolves with the file name. */
export async function downloadWatermarked(item: DownloadItem, options: DownloadOptions = {}): Promise<string> {
  // The download and a share (prepareWatermarked) are one file: same bytes, name and AI mark.
  const file = await prepareWatermarked(item, options);
  save(file, file.name);
  return file.name;
}

/** The watermarked file's type: PNG for images (the canvas's output), MP4 for videos. */
const WATERMARKED_TYPE = { image: 'image/png', video: 'video/mp4' } as const;

/**
 * Fetches the media and watermarks it as downloadWatermarked does, without saving: the File a
 * download saves and a share (navigator.share) sends, named watermarked-image-{id}.png or
 * watermarked-video-{id}.mp4, the original's IPTC mark kept.
 */
export async function prepareWatermarked(item: DownloadItem, options: DownloadOptions = {}): Promise<File> {
  const { timeoutMs = DOWNLOAD_TIMEOUT_MS, signal, onProgress, variant } = options;
  const media = await fetchMedia(item.url, timeoutMs, signal);
  const output =
    item.kind === 'image' ? await watermarkImage(media, { variant, signal }) : await watermarkVideo(media, { signal, onProgress });
  if (signal?.aborted) throw abortError();
  return new File([output], watermarkedFileName(item.kind, item.id), { type: WATERMARKED_TYPE[item.kind] });
}
