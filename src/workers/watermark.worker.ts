/// <reference lib="webworker" />
// The watermark worker: images on an OffscreenCanvas, videos with a VideoEngineImpl (ffmpeg.wasm,
// loaded on the first video job). The page talks to it through watermark.ts only.
import { UnsupportedVideoError, type VideoEngineImpl } from './engines/types';
import { loadLogo, offscreenCanvas, watermarkImageWith } from './imageWatermark';
import { keepMarks } from './keepMarks';
import type { VideoEngine, WorkerRequest, WorkerResponse } from './protocol';
import { WATERMARK_LOGO_PATH } from './watermarkSpec';

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

const engines: Partial<Record<VideoEngine, () => Promise<VideoEngineImpl>>> = {
  // Imported on the first video job: image jobs never load ffmpeg's code.
  ffmpeg: () => import('./engines/ffmpeg').then(({ FfmpegEngine }) => new FfmpegEngine()),
};
const engineInstances = new Map<VideoEngine, Promise<VideoEngineImpl>>();
function engine(name: VideoEngine): Promise<VideoEngineImpl> {
  let instance = engineInstances.get(name);
  if (!instance) {
    const load = engines[name];
    if (!load) return Promise.reject(new UnsupportedVideoError(`Watermark: no ${name} engine in this build`));
    instance = load();
    engineInstances.set(name, instance);
    instance.catch(() => engineInstances.delete(name));
  }
  return instance;
}

const running = new Map<number, AbortController>();

async function handle(request: Exclude<WorkerRequest, { type: 'cancel' }>, signal: AbortSignal): Promise<Blob> {
  const { bitmap, bytes } = await getLogo();
  if (request.type === 'image') return watermarkImageWith(offscreenCanvas, request.input, bitmap, request.variant);
  // Until the WebCodecs engine is in, auto means ffmpeg.wasm.
  const name: VideoEngine = request.engine === 'auto' ? 'ffmpeg' : request.engine;
  post({ type: 'engine', id: request.id, engine: name });
  const video = await engine(name);
  const output = await video.run({
    input: request.input,
    logo: bytes,
    signal,
    onProgress: (progress) => post({ type: 'progress', id: request.id, progress }),
    onBlocking: () => post({ type: 'blocking', id: request.id }),
  });
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
