// @vitest-environment node
// The ffmpeg.wasm engine's life cycle with ffmpeg's class replaced by a scripted one: the core's
// URLs, a fresh instance after every 10 jobs, the 15 s watchdog, cancelling and failed runs. The
// real core runs in the browser tests (tests/e2e/watermark.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (data: { message: string } & { progress: number; time: number }) => void;

/** What each exec of the scripted ffmpeg does: finish with a code, or hang until terminated. */
const script: { next: Array<'ok' | 'fail' | 'hang' | 'slow'> } = { next: [] };
const instances: FakeFFmpeg[] = [];

class FakeFFmpeg {
  loadedWith: Record<string, string> | undefined;
  terminated = false;
  files = new Map<string, Uint8Array>();
  #listeners: Record<string, Listener[]> = {};
  #pending: Array<(error: Error) => void> = [];

  constructor() {
    instances.push(this);
  }
  on(event: string, listener: Listener) {
    (this.#listeners[event] ??= []).push(listener);
  }
  #emit(event: string, data: Partial<{ message: string; progress: number; time: number }>) {
    for (const listener of this.#listeners[event] ?? []) listener(data as never);
  }
  async load(urls: Record<string, string>) {
    this.loadedWith = urls;
  }
  async writeFile(name: string, data: Uint8Array) {
    this.files.set(name, data);
  }
  async readFile(name: string) {
    return this.files.get(name) ?? new Uint8Array();
  }
  async deleteFile(name: string) {
    this.files.delete(name);
  }
  exec(): Promise<number> {
    const step = script.next.shift() ?? 'ok';
    this.#emit('log', { message: '  Duration: 00:00:02.00, start: 0.000000, bitrate: 741 kb/s' });
    // ffmpeg reports INT64_MAX before the first frame: not progress.
    this.#emit('progress', { progress: 4.6e12, time: 9223372036854776000 });
    if (step === 'ok' || step === 'fail') {
      this.#emit('progress', { progress: 0.5, time: 1_000_000 });
      if (step === 'fail') this.#emit('log', { message: 'input: Invalid data found when processing input' });
      else this.files.set('output.mp4', new Uint8Array([0, 0, 0, 24]));
      return Promise.resolve(step === 'ok' ? 0 : 1);
    }
    return new Promise((resolve, reject) => {
      this.#pending.push(reject);
      if (step === 'slow') {
        // Progress every 10 s: slow, but alive, so the watchdog leaves it alone.
        let t = 0;
        const tick = setInterval(() => {
          t += 0.5;
          this.#emit('progress', { progress: t, time: t * 2_000_000 });
          if (t >= 1) {
            clearInterval(tick);
            this.files.set('output.mp4', new Uint8Array([1]));
            resolve(0);
          }
        }, 10_000);
      }
    });
  }
  terminate() {
    this.terminated = true;
    for (const reject of this.#pending.splice(0)) reject(new Error('called FFmpeg.terminate()'));
  }
}

vi.mock('@ffmpeg/ffmpeg', () => ({ FFmpeg: FakeFFmpeg }));
vi.mock('@ffmpeg/ffmpeg/worker?worker&url', () => ({ default: '/assets/worker-abc.js' }));

const { FfmpegEngine, JOBS_PER_INSTANCE, SILENCE_LIMIT_MS } = await import('../../src/workers/engines/ffmpeg');

function job(signal = new AbortController().signal) {
  const progress: number[] = [];
  return {
    progress,
    job: { input: new Blob([new Uint8Array([1, 2, 3])]), logo: new Uint8Array([9]), signal, onProgress: (p: number) => progress.push(p) },
  };
}

describe('the ffmpeg.wasm engine', () => {
  beforeEach(() => {
    instances.length = 0;
    script.next = [];
    vi.stubGlobal('self', { location: { origin: 'http://app.test', href: 'http://app.test/assets/watermark.worker-x.js' } });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('loads the core from our origin, reports progress from the clip length and returns an MP4', async () => {
    const engine = new FfmpegEngine();
    const { job: j, progress } = job();
    const out = await engine.run(j);
    expect(out.type).toBe('video/mp4');
    expect(instances[0]!.loadedWith).toEqual({
      coreURL: 'http://app.test/ffmpeg/0.12.10/ffmpeg-core.js',
      wasmURL: 'http://app.test/ffmpeg/0.12.10/ffmpeg-core.wasm',
      classWorkerURL: 'http://app.test/assets/worker-abc.js',
    });
    // 1 s of a 2 s clip is 0.5; the INT64_MAX placeholder is not reported; the end is 1.
    expect(progress).toEqual([0.5, 1]);
    // Nothing left in ffmpeg's memory file system.
    expect([...instances[0]!.files.keys()]).toEqual([]);
  });

  it(`starts a fresh instance after every ${JOBS_PER_INSTANCE} jobs`, async () => {
    const engine = new FfmpegEngine();
    for (let i = 0; i < JOBS_PER_INSTANCE; i++) await engine.run(job().job);
    expect(instances).toHaveLength(1);
    await vi.waitFor(() => expect(instances[0]!.terminated).toBe(true));
    await engine.run(job().job);
    expect(instances).toHaveLength(2);
    expect(instances[1]!.terminated).toBe(false);
  });

  it(`stops a run that goes ${SILENCE_LIMIT_MS / 1000} s without progress; the next job gets a new instance`, async () => {
    vi.useFakeTimers();
    const engine = new FfmpegEngine();
    script.next = ['hang'];
    const stuck = engine.run(job().job);
    const outcome = stuck.then(() => 'resolved', (error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1);
    expect(instances[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Watermark: ffmpeg made no progress for 15 s; stopped');
    expect(instances[0]!.terminated).toBe(true);
    await engine.run(job().job);
    expect(instances).toHaveLength(2);
  });

  it('leaves a slow run alone while progress keeps arriving', async () => {
    vi.useFakeTimers();
    const engine = new FfmpegEngine();
    script.next = ['slow'];
    const run = engine.run(job().job);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(run).resolves.toBeInstanceOf(Blob);
    expect(instances[0]!.terminated).toBe(false);
  });

  it('cancelling rejects with an AbortError and ends the instance', async () => {
    const engine = new FfmpegEngine();
    const controller = new AbortController();
    script.next = ['hang'];
    const run = engine.run(job(controller.signal).job);
    await vi.waitFor(() => expect(instances).toHaveLength(1));
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(instances[0]!.terminated).toBe(true);
    // An already cancelled job does not even start.
    await expect(engine.run(job(controller.signal).job)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("a failed run says what ffmpeg said, and the next job starts afresh", async () => {
    const engine = new FfmpegEngine();
    script.next = ['fail'];
    await expect(engine.run(job().job)).rejects.toThrow(
      /^Watermark: ffmpeg could not process the video \(exit 1\): .*Invalid data found when processing input/,
    );
    await engine.run(job().job);
    expect(instances).toHaveLength(2);
    expect(instances[0]!.terminated).toBe(true);
  });

  it('runs one job at a time, in order', async () => {
    const engine = new FfmpegEngine();
    const order: string[] = [];
    await Promise.all([1, 2, 3].map((n) => engine.run(job().job).then(() => order.push(`job ${n}`))));
    expect(order).toEqual(['job 1', 'job 2', 'job 3']);
  });
});
