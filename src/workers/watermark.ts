// The page's way to watermarked downloads (spec §7, §9). Runs on the page and hands the work
// to watermark.worker.ts: images on an OffscreenCanvas, videos with WebCodecs or ffmpeg.wasm (the
// worker chooses; localStorage 'watermarkEngine' forces one). Every function rejects with an
// Error on failure (an AbortError DOMException when cancelled); the caller logs it and puts its
// button back.
//
// ffmpeg.wasm's run holds the worker's thread: once the worker says 'blocking' for a job, a
// cancel or 15 s without progress ends the worker itself, and the other pending jobs are sent
// again to a fresh one.
import { loadLogo, watermarkImageWith, type CanvasFactory } from './imageWatermark';
import { WATERMARK_ENGINE_KEY, type VideoEngine, type VideoEngineChoice, type WorkerRequest, type WorkerResponse, type ZipEntry } from './protocol';
import { Watchdog } from './watchdog';
import { WATERMARK_LOGO_PATH, watermarkedFileName, type ImageVariant } from '../../contract/watermark';

export type { ImageVariant } from '../../contract/watermark';
export type { VideoEngine } from './protocol';

export interface VideoOptions {
  /** 0..1, as the encoder advances. */
  onProgress?: (progress: number) => void;
  /** The engine the job runs on; called again if the worker falls back to another. */
  onEngine?: (engine: VideoEngine) => void;
  signal?: AbortSignal;
}

/** The worker goes after this long without a job, and its memory (ffmpeg's ~300 MB) with it. */
const IDLE_MS = 60_000;
/** A job holding the worker's thread (ffmpeg's exec) is stopped after this long without progress. */
export const SILENCE_LIMIT_MS = 15_000;
/** Gallery downloads give up on media that has not arrived by then (spec §9). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

type JobRequest = Extract<WorkerRequest, { type: 'image' | 'video' | 'zip' }>;
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

interface Pending {
  /** Kept to send the job again to a fresh worker when another job's run had to be ended. */
  request: JobRequest;
  resolve: (blob: Blob) => void;
  reject: (error: Error) => void;
  onProgress?: (progress: number) => void;
  onEngine?: (engine: VideoEngine) => void;
  /** Set once the job holds the worker's thread ('blocking'): fires on silence. */
  watchdog?: Watchdog;
}

let worker: Worker | null = null;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
/** Jobs cancelled with a 'cancel' message whose end the worker has not reported yet. */
const cancelled = new Set<number>();

function settle(id: number, outcome: { output: Blob } | { error: Error }): void {
  const job = pending.get(id);
  if (!job) return;
  pending.delete(id);
  job.watchdog?.stop();
  if ('output' in outcome) job.resolve(outcome.output);
  else job.reject(outcome.error);
}

function failAll(message: string): void {
  for (const id of [...pending.keys()]) settle(id, { error: new Error(message) });
}

function dropWorker(): void {
  worker?.terminate();
  worker = null;
  cancelled.clear();
}

function idleWhenDone(): void {
  clearTimeout(idleTimer);
  if (pending.size === 0) idleTimer = setTimeout(dropWorker, IDLE_MS);
}

/**
 * Ends the worker, whose thread a run holds: `id` (if still pending) fails with `error`, every
 * other pending job goes to a fresh worker from the start. (Chromium stops a thread busy in a
 * long task 2 s after terminate(); the fresh worker does not wait for that.)
 */
function restartWorker(id: number, error?: Error): void {
  dropWorker();
  if (error) settle(id, { error });
  if (pending.size > 0) {
    const fresh = getWorker();
    for (const job of pending.values()) {
      job.watchdog?.stop();
      job.watchdog = undefined;
      fresh.postMessage(job.request);
    }
  }
  idleWhenDone();
}

function onMessage(message: WorkerResponse): void {
  if (cancelled.has(message.id)) {
    // A job cancelled just before its run took the thread: end that run now too.
    if (message.type === 'blocking') restartWorker(message.id);
    else if (message.type === 'done' || message.type === 'failed') cancelled.delete(message.id);
    return;
  }
  const job = pending.get(message.id);
  if (!job) return;
  switch (message.type) {
    case 'progress':
      job.watchdog?.kick();
      job.onProgress?.(message.progress);
      return;
    case 'engine':
      job.onEngine?.(message.engine);
      return;
    case 'blocking':
      job.watchdog?.stop();
      job.watchdog = new Watchdog(SILENCE_LIMIT_MS, () =>
        restartWorker(message.id, new Error(`Watermark: ffmpeg made no progress for ${SILENCE_LIMIT_MS / 1000} s; stopped`)),
      );
      return;
    case 'done':
      settle(message.id, { output: message.output });
      break;
    case 'failed':
      settle(message.id, { error: message.aborted ? abortError() : new Error(message.message) });
      break;
  }
  idleWhenDone();
}

function getWorker(): Worker {
  clearTimeout(idleTimer);
  if (worker) return worker;
  const created = new Worker(new URL('./watermark.worker.ts', import.meta.url), { type: 'module', name: 'watermark' });
  created.addEventListener('message', (event: MessageEvent<WorkerResponse>) => {
    // A worker ended for a stuck run may have left messages behind: only the current one counts.
    if (created === worker) onMessage(event.data);
  });
  created.addEventListener('error', (event) => {
    event.preventDefault();
    if (created !== worker) return;
    dropWorker();
    failAll(`Watermark: the worker failed (${event.message || 'could not start'})`);
  });
  worker = created;
  return created;
}

function abortError(): DOMException {
  return new DOMException('Watermark cancelled', 'AbortError');
}

function cancel(id: number): void {
  const job = pending.get(id);
  if (!job) return;
  if (job.watchdog) {
    // The run holds the worker's thread: a 'cancel' message would wait until it ends.
    restartWorker(id, abortError());
    return;
  }
  settle(id, { error: abortError() });
  if (worker) {
    cancelled.add(id);
    worker.postMessage({ type: 'cancel', id } satisfies WorkerRequest);
  }
  idleWhenDone();
}

function runInWorker(request: WithoutId<JobRequest>, options: VideoOptions = {}): Promise<Blob> {
  const { signal, onProgress, onEngine } = options;
  if (signal?.aborted) return Promise.reject(abortError());
  return new Promise<Blob>((resolve, reject) => {
    const id = nextId++;
    const onAbort = () => cancel(id);
    const done = () => signal?.removeEventListener('abort', onAbort);
    const job: Pending = {
      request: { ...request, id } as JobRequest,
      resolve: (blob) => (done(), resolve(blob)),
      reject: (error) => (done(), reject(error)),
      onProgress,
      onEngine,
    };
    pending.set(id, job);
    signal?.addEventListener('abort', onAbort, { once: true });
    getWorker().postMessage(job.request);
  });
}

/** The page's engine choice for video jobs (tests and support set it); 'auto' unless set. */
function engineChoice(): VideoEngineChoice {
  try {
    const value = globalThis.localStorage?.getItem(WATERMARK_ENGINE_KEY);
    return value === 'webcodecs' || value === 'ffmpeg' ? value : 'auto';
  } catch {
    return 'auto'; // storage blocked
  }
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

/** The video with the logo centred at the bottom: H.264, 25 fps, 2.5 Mbit/s, audio copied, MP4. */
export function watermarkVideo(input: Blob, options: VideoOptions = {}): Promise<Blob> {
  return runInWorker({ type: 'video', input, engine: engineChoice() }, options);
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

export type { ZipEntry } from './protocol';

/**
 * Issue 45: the items as one ZIP of watermarked files (songs as they are), built in the worker
 * (fetches, watermarks and the ZIP stream: nothing of it on the page's thread), then saved as
 * `fileName`. `onProgress`: 0..1 by files. Rejects with an AbortError when cancelled.
 */
export async function downloadZip(items: ZipEntry[], fileName: string, options: Pick<VideoOptions, 'signal' | 'onProgress'> = {}): Promise<void> {
  if (!hasOffscreen2d()) throw new Error('ZIP: this browser cannot watermark pictures off the page (no OffscreenCanvas)');
  // The worker fetches: absolute URLs, as the page reads them.
  const absolute = items.map((item) => ({ ...item, url: new URL(item.url, location.href).href }));
  const zip = await runInWorker({ type: 'zip', items: absolute, engine: engineChoice() }, options);
  if (options.signal?.aborted) throw abortError();
  save(zip, fileName);
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
