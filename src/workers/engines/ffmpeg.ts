// ffmpeg.wasm (single-thread core, from our own origin) behind VideoEngineImpl. One instance,
// loaded on the first video job, one job at a time. A job that goes 15 s without progress
// terminates it (the next job loads a fresh one); so do cancelling, a failed job and every 10th
// job (ffmpeg.wasm keeps memory across runs).
import { FFmpeg } from '@ffmpeg/ffmpeg';
import classWorkerPath from '@ffmpeg/ffmpeg/worker?worker&url';
import { FFMPEG_CORE_DIR } from '../../../contract/ffmpeg-core';
import { Watchdog } from '../watchdog';
import { videoArgs } from '../watermarkSpec';
import { abortError, type VideoEngineImpl, type VideoJob } from './types';

export const SILENCE_LIMIT_MS = 15_000;
export const JOBS_PER_INSTANCE = 10;
const LOG_LINES_KEPT = 12;
/** ffmpeg's AV_NOPTS_VALUE-like placeholder times are near 2^63; no real clip gets near 2^53 µs. */
const NO_TIMESTAMP = Number.MAX_SAFE_INTEGER;

/** load() falls back to a CDN when not given URLs; give it absolute same-origin ones. */
function coreUrls() {
  const origin = self.location.origin;
  return {
    coreURL: new URL(`${FFMPEG_CORE_DIR}ffmpeg-core.js`, origin).href,
    wasmURL: new URL(`${FFMPEG_CORE_DIR}ffmpeg-core.wasm`, origin).href,
    classWorkerURL: new URL(classWorkerPath, self.location.href).href,
  };
}

interface Instance {
  ffmpeg: FFmpeg;
  jobs: number;
  /** The running job's progress handler (ffmpeg's time, in microseconds) and recent log lines. */
  onProgress: ((time: number, ffmpegProgress: number) => void) | null;
  log: string[];
  /** The running job's input length in seconds, read from the log (the first 'Duration:'). */
  duration: number | null;
}

const DURATION = /^\s*Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/;

export class FfmpegEngine implements VideoEngineImpl {
  #instance: Promise<Instance> | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  run(job: VideoJob): Promise<Blob> {
    const result = this.#queue.then(() => this.#run(job));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Drops the instance: its worker and memory go; the next job loads a new one. */
  #recycle(): void {
    const current = this.#instance;
    this.#instance = null;
    void current?.then((i) => i.ffmpeg.terminate(), () => undefined);
  }

  #load(): Promise<Instance> {
    this.#instance ??= (async () => {
      const ffmpeg = new FFmpeg();
      const instance: Instance = { ffmpeg, jobs: 0, onProgress: null, log: [], duration: null };
      ffmpeg.on('progress', ({ progress, time }) => instance.onProgress?.(time, progress));
      ffmpeg.on('log', ({ message }) => {
        const duration = instance.duration === null ? DURATION.exec(message) : null;
        if (duration) instance.duration = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
        instance.log.push(message);
        if (instance.log.length > LOG_LINES_KEPT) instance.log.shift();
      });
      await ffmpeg.load(coreUrls());
      return instance;
    })();
    const loading = this.#instance;
    loading.catch(() => {
      if (this.#instance === loading) this.#instance = null;
    });
    return loading;
  }

  async #run({ input, logo, onProgress, signal }: VideoJob): Promise<Blob> {
    if (signal.aborted) throw abortError();
    let instance: Instance | undefined;
    let watchdog: Watchdog | undefined;
    // Why the run was stopped from outside (cancel, watchdog): that is the error to report.
    const stopped: { reason: Error | null } = { reason: null };
    const stop = (reason: Error) => {
      stopped.reason ??= reason;
      this.#recycle(); // terminate() rejects every pending call of the instance
    };
    const onAbort = () => stop(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      instance = await this.#load();
      if (stopped.reason) throw stopped.reason;
      // From here on (not while the ~31 MB core downloads) silence means a stuck run.
      watchdog = new Watchdog(SILENCE_LIMIT_MS, () =>
        stop(new Error(`Watermark: ffmpeg made no progress for ${SILENCE_LIMIT_MS / 1000} s; stopped`)),
      );
      const { ffmpeg } = instance;
      const tick = watchdog;
      instance.log = [];
      instance.duration = null;
      // ffmpeg.wasm's own ratio goes wrong with two inputs (the logo's length counts): divide
      // the encoder's time by the video's length instead.
      instance.onProgress = (time, ffmpegProgress) => {
        tick.kick();
        // Before the first frame is written ffmpeg reports INT64_MAX (no timestamp yet): a sign
        // of life, not progress.
        if (!(time >= 0 && time < NO_TIMESTAMP)) return;
        const length = instance?.duration;
        const progress = length ? time / 1e6 / length : ffmpegProgress;
        if (Number.isFinite(progress)) onProgress(Math.min(1, Math.max(0, progress)));
      };
      await ffmpeg.writeFile('input', new Uint8Array(await input.arrayBuffer()));
      await ffmpeg.writeFile('logo.png', logo.slice()); // writeFile detaches its buffer
      const code = await ffmpeg.exec(videoArgs('input', 'logo.png', 'output.mp4'));
      if (stopped.reason) throw stopped.reason;
      if (code !== 0) {
        // The log ends with 'Aborted()' even on success; the exit code is what counts.
        const detail = instance.log.filter((line) => line !== 'Aborted()').slice(-3).join(' | ');
        throw new Error(`Watermark: ffmpeg could not process the video (exit ${code}): ${detail}`);
      }
      const output = await ffmpeg.readFile('output.mp4');
      if (!(output instanceof Uint8Array) || output.byteLength === 0) throw new Error('Watermark: ffmpeg wrote no video');
      await Promise.all(['input', 'logo.png', 'output.mp4'].map((f) => ffmpeg.deleteFile(f).catch(() => undefined)));
      onProgress(1);
      if (++instance.jobs >= JOBS_PER_INSTANCE) this.#recycle();
      return new Blob([output as Uint8Array<ArrayBuffer>], { type: 'video/mp4' });
    } catch (error) {
      if (stopped.reason) throw stopped.reason;
      // A failed run may leave the core in a bad state: the next job starts afresh.
      this.#recycle();
      throw error instanceof Error ? error : new Error(`Watermark: ${String(error)}`);
    } finally {
      watchdog?.stop();
      signal.removeEventListener('abort', onAbort);
      if (instance) instance.onProgress = null;
    }
  }
}
