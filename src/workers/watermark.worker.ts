/// <reference lib="webworker" />
// The watermark worker: images on an OffscreenCanvas, videos with a VideoEngineImpl: WebCodecs
// where the browser can do the clip, else ffmpeg.wasm (each loaded on its first video job). The
// page talks to it through watermark.ts only.
import { UnsupportedVideoError, type VideoEngineImpl } from './engines/types';
import { loadLogo, offscreenCanvas, watermarkImageWith } from './imageWatermark';
import { keepMarks } from './keepMarks';
import type { VideoEngine, VideoEngineChoice, WorkerRequest, WorkerResponse } from './protocol';
import { zipFiles } from './zip';
import { WATERMARK_LOGO_PATH } from '../../contract/watermark';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: WorkerResponse) => self.postMessage(message);

/** The logo, fetched once per worker; a failed fetch is tried again on the next job. */
let logo: ReturnType<typeof loadLogo> | null = null;
function getLogo(): ReturnType<typeof loadLogo> {
  const loading = (logo ??= loadLogo(new URL(WATERMARK_LOGO_PATH, self.location.origin).href));
  loading.catch(() => {
    if (logo === loading) logo = null;
  });
  return loading;
}

const engines: Record<VideoEngine, () => Promise<VideoEngineImpl>> = {
  // Imported on the first video job that needs them: image jobs load neither, and where
  // WebCodecs does the clip ffmpeg's code and its 8.6 MB core are never fetched.
  webcodecs: () => import('./engines/webcodecs').then(({ WebCodecsEngine }) => new WebCodecsEngine()),
  ffmpeg: () => import('./engines/ffmpeg').then(({ FfmpegEngine }) => new FfmpegEngine()),
};
const hasWebCodecs = () =>
  typeof VideoDecoder === 'function' && typeof VideoEncoder === 'function' && typeof VideoFrame === 'function';
const engineInstances = new Map<VideoEngine, Promise<VideoEngineImpl>>();
function engine(name: VideoEngine): Promise<VideoEngineImpl> {
  let instance = engineInstances.get(name);
  if (!instance) {
    instance = engines[name]();
    engineInstances.set(name, instance);
    instance.catch(() => engineInstances.delete(name));
  }
  return instance;
}

const running = new Map<number, AbortController>();

/**
 * A video on the engine asked for. 'auto' tries WebCodecs and, when it cannot do the clip (or
 * fails on it), gives the clip to ffmpeg.wasm: the person sees only the time it takes, the
 * progress going on from where it was rather than back to 0.
 */
async function video(
  id: number,
  input: Blob,
  choice: VideoEngineChoice,
  logo: Uint8Array,
  signal: AbortSignal,
  report: (progress: number) => void = (progress) => post({ type: 'progress', id, progress }),
): Promise<Blob> {
  let shown = 0;
  const run = async (name: VideoEngine, from: number) => {
    post({ type: 'engine', id, engine: name });
    return (await engine(name)).run({
      input,
      logo,
      signal,
      onProgress: (progress) => {
        shown = from + (1 - from) * progress;
        report(shown);
      },
      onBlocking: () => post({ type: 'blocking', id }),
    });
  };
  if (choice === 'ffmpeg') return run('ffmpeg', 0);
  if (!hasWebCodecs()) {
    if (choice === 'webcodecs') throw new Error('Watermark: this browser has no WebCodecs');
    return run('ffmpeg', 0);
  }
  try {
    return await run('webcodecs', 0);
  } catch (error) {
    if (signal.aborted || choice === 'webcodecs') throw error;
    if (!(error instanceof UnsupportedVideoError)) console.warn('Watermark: WebCodecs failed; trying ffmpeg.wasm', error);
    return run('ffmpeg', shown);
  }
}

async function handle(request: Exclude<WorkerRequest, { type: 'cancel' }>, signal: AbortSignal): Promise<Blob> {
  const { bitmap, bytes } = await getLogo();
  if (request.type === 'image') return watermarkImageWith(offscreenCanvas, request.input, bitmap, request.variant);
  if (request.type === 'zip')
    // The gallery's variant for pictures, as a gallery download has it.
    return zipFiles(request.items, signal, {
      image: (input) => watermarkImageWith(offscreenCanvas, input, bitmap, 'gallery'),
      video: async (input, report) => keepMarks(input, await video(request.id, input, request.engine, bytes, signal, report)),
      progress: (progress) => post({ type: 'progress', id: request.id, progress }),
    });
  const output = await video(request.id, request.input, request.engine, bytes, signal);
  // Whichever engine encoded it, the IPTC mark goes across.
  return keepMarks(request.input, output);
}

self.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    running.get(request.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(request.id, controller);
  handle(request, controller.signal).then(
    (output) => post({ type: 'done', id: request.id, output }),
    (error: unknown) =>
      post({
        type: 'failed',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
        aborted: error instanceof DOMException && error.name === 'AbortError',
      }),
  ).finally(() => running.delete(request.id));
});
