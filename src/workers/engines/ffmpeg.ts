// ffmpeg.wasm behind VideoEngineImpl: @ffmpeg/core run in this worker itself (no second worker
// inside ours), created on the first video job, one job at a time. ffmpeg's exec is synchronous:
// it holds the worker's thread, so the bridge (watermark.ts) is told just before (onBlocking) and
// does the cancelling and the silence watchdog from the page by ending the worker. A fresh core
// module is made after every 10 jobs and after a failed run (ffmpeg.wasm keeps memory across
// runs; a failed one may leave it in a bad state): the old one is dropped for the collector.
import { videoArgs } from '../../../contract/watermark';
import { loadCore as loadFromOrigin, type FfmpegCore, type LoadCore } from './ffmpegCore';
import { abortError, type VideoEngineImpl, type VideoJob } from './types';

export const JOBS_PER_INSTANCE = 10;
const LOG_LINES_KEPT = 12;
/** ffmpeg's AV_NOPTS_VALUE-like placeholder times are near 2^63; no real clip gets near 2^53 µs. */
const NO_TIMESTAMP = Number.MAX_SAFE_INTEGER;
const INPUT = 'input';
const LOGO = 'logo.png';
const OUTPUT = 'output.mp4';

interface Instance {
  core: FfmpegCore;
  jobs: number;
  /** The running job's progress handler (ffmpeg's time, in microseconds) and recent log lines. */
  onProgress: ((time: number, ffmpegProgress: number) => void) | null;
  log: string[];
  /** The running job's input length in seconds, read from the log (the first 'Duration:'). */
  duration: number | null;
}

const DURATION = /^\s*Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class FfmpegEngine implements VideoEngineImpl {
  #instance: Promise<Instance> | null = null;
  #queue: Promise<unknown> = Promise.resolve();

  /** `loadCore` makes a core module: from our origin unless a test gives a scripted one. */
  constructor(private readonly loadCore: LoadCore = loadFromOrigin) {}

  run(job: VideoJob): Promise<Blob> {
    const result = this.#queue.then(() => this.#run(job));
    this.#queue = result.catch(() => undefined);
    return result;
  }

  #load(): Promise<Instance> {
    this.#instance ??= (async () => {
      const core = await this.loadCore().catch((error: unknown) => {
        throw new Error(`Watermark: ffmpeg could not be loaded (${message(error)})`);
      });
      const instance: Instance = { core, jobs: 0, onProgress: null, log: [], duration: null };
      core.setProgress(({ progress, time }) => instance.onProgress?.(time, progress));
      core.setLogger(({ message: line }) => {
        const duration = instance.duration === null ? DURATION.exec(line) : null;
        if (duration) instance.duration = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
        instance.log.push(line);
        if (instance.log.length > LOG_LINES_KEPT) instance.log.shift();
      });
      return instance;
    })();
    const loading = this.#instance;
    loading.catch(() => {
      if (this.#instance === loading) this.#instance = null;
    });
    return loading;
  }

  async #run({ input, logo, onProgress, onBlocking, signal }: VideoJob): Promise<Blob> {
    if (signal.aborted) throw abortError();
    const instance = await this.#load();
    if (signal.aborted) throw abortError();
    let bytes: Uint8Array | null = new Uint8Array(await input.arrayBuffer());
    if (signal.aborted) throw abortError();
    const { core } = instance;
    let failed = true;
    try {
      instance.log = [];
      instance.duration = null;
      // ffmpeg's own ratio goes wrong with two inputs (the logo's length counts): divide the
      // encoder's time by the video's length instead.
      instance.onProgress = (time, ffmpegProgress) => {
        // Before the first frame is written ffmpeg reports INT64_MAX (no timestamp yet).
        if (!(time >= 0 && time < NO_TIMESTAMP)) return;
        const length = instance.duration;
        const progress = length ? time / 1e6 / length : ffmpegProgress;
        if (Number.isFinite(progress)) onProgress(Math.min(1, Math.max(0, progress)));
      };
      // Copied into the wasm heap (nothing is detached); our copy of the clip can go before exec.
      core.FS.writeFile(INPUT, bytes);
      bytes = null;
      core.FS.writeFile(LOGO, logo);
      onBlocking?.();
      core.setTimeout(-1);
      let code: number;
      try {
        core.exec(...videoArgs(INPUT, LOGO, OUTPUT));
        code = core.ret;
      } catch (error) {
        // A trap in the wasm (out of memory, a bug), not an ffmpeg exit.
        throw new Error(`Watermark: ffmpeg stopped (${message(error)})`);
      } finally {
        core.reset();
      }
      if (code !== 0) {
        // The log ends with 'Aborted()' even on success; the exit code is what counts.
        const detail = instance.log.filter((line) => line !== 'Aborted()').slice(-3).join(' | ');
        throw new Error(`Watermark: ffmpeg could not process the video (exit ${code}): ${detail}`);
      }
      const output = core.FS.readFile(OUTPUT);
      if (output.byteLength === 0) throw new Error('Watermark: ffmpeg wrote no video');
      onProgress(1);
      failed = false;
      return new Blob([output], { type: 'video/mp4' });
    } finally {
      instance.onProgress = null;
      for (const file of [INPUT, LOGO, OUTPUT]) {
        try {
          core.FS.unlink(file);
        } catch {
          // not written (a failed run)
        }
      }
      // The next job makes a new module; this one is left to the garbage collector. (One job
      // at a time: the instance in use is the current one.)
      if (failed || ++instance.jobs >= JOBS_PER_INSTANCE) this.#instance = null;
    }
  }
}
