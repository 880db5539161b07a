// @vitest-environment node
// The ffmpeg.wasm engine's life cycle with @ffmpeg/core replaced by a scripted module: progress
// from the clip's length, the thread-holding exec announced first, files deleted, a fresh module
// after every 10 jobs and after a failed run, cancelling before exec. Cancel and the watchdog
// during exec are the bridge's (watermarkBridge.test.ts); the real core runs in the browser
// tests (tests/e2e/watermark.test.ts).
import { describe, expect, it } from 'vitest';
import { coreUrls, type FfmpegCore } from '../../src/workers/engines/ffmpegCore';
import { FfmpegEngine, JOBS_PER_INSTANCE } from '../../src/workers/engines/ffmpeg';
import type { VideoJob } from '../../src/workers/engines/types';

type Step = 'ok' | 'fail' | 'trap';

/** A core module whose exec does what the script says next; it records what happened, in order. */
class FakeCore implements FfmpegCore {
  ret = -1;
  files = new Map<string, Uint8Array>();
  events: string[];
  #logger: Parameters<FfmpegCore['setLogger']>[0] = () => undefined;
  #progress: Parameters<FfmpegCore['setProgress']>[0] = () => undefined;

  constructor(
    private readonly script: Step[],
    events: string[],
  ) {
    this.events = events;
  }
  setLogger(logger: Parameters<FfmpegCore['setLogger']>[0]) {
    this.#logger = logger;
  }
  setProgress(handler: Parameters<FfmpegCore['setProgress']>[0]) {
    this.#progress = handler;
  }
  setTimeout() {} // timing-ok: the fake ffmpeg core's no-op method, not a sleep
  reset() {
    this.ret = -1;
  }
  exec(...args: string[]): number {
    this.events.push(`exec ${args.includes('input') && args.includes('logo.png') ? 'input+logo' : '?'}`);
    const step = this.script.shift() ?? 'ok';
    if (step === 'trap') throw new Error('memory access out of bounds');
    this.#logger({ type: 'stderr', message: '  Duration: 00:00:02.00, start: 0.000000, bitrate: 741 kb/s' });
    // ffmpeg reports INT64_MAX before the first frame: not progress.
    this.#progress({ progress: 4.6e12, time: 9223372036854776000 });
    this.#progress({ progress: 0.5, time: 1_000_000 });
    if (step === 'fail') this.#logger({ type: 'stderr', message: 'input: Invalid data found when processing input' });
    else this.files.set('output.mp4', new Uint8Array([0, 0, 0, 24]));
    this.#logger({ type: 'stderr', message: 'Aborted()' });
    this.ret = step === 'ok' ? 0 : 1;
    return this.ret;
  }
  FS = {
    writeFile: (path: string, data: Uint8Array) => void this.files.set(path, data.slice()),
    readFile: (path: string) => {
      const file = this.files.get(path);
      if (!file) throw new Error('ENOENT');
      return file.slice();
    },
    unlink: (path: string) => {
      if (!this.files.delete(path)) throw new Error('ENOENT');
    },
  };
}

/** An engine with a scripted loader: `cores` are the modules made so far. */
function setup(script: Step[] = []) {
  const cores: FakeCore[] = [];
  const events: string[] = [];
  let gate: Promise<void> = Promise.resolve();
  const engine = new FfmpegEngine(async () => {
    events.push('load');
    await gate;
    const core = new FakeCore(script, events);
    cores.push(core);
    return core;
  });
  return {
    engine,
    cores,
    events,
    holdLoad: () => {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return () => open();
    },
  };
}

function job(events: string[] = [], signal = new AbortController().signal) {
  const progress: number[] = [];
  const j: VideoJob = {
    input: new Blob([new Uint8Array([1, 2, 3])]),
    logo: new Uint8Array([9]),
    signal,
    onProgress: (p) => progress.push(p),
    onBlocking: () => events.push('blocking'),
  };
  return { progress, job: j };
}

describe('the ffmpeg.wasm engine', () => {
  it("the core's files come from our origin, as absolute URLs", () => {
    expect(coreUrls('http://app.test')).toEqual({
      coreURL: 'http://app.test/ffmpeg/0.12.10/ffmpeg-core.js',
      wasmURL: 'http://app.test/ffmpeg/0.12.10/ffmpeg-core.wasm',
    });
  });

  it('says it will hold the thread just before exec, reports progress from the clip length and returns an MP4', async () => {
    const { engine, cores, events } = setup();
    const { job: j, progress } = job(events);
    const out = await engine.run(j);
    expect(out.type).toBe('video/mp4');
    expect(new Uint8Array(await out.arrayBuffer())).toEqual(new Uint8Array([0, 0, 0, 24]));
    expect(events).toEqual(['load', 'blocking', 'exec input+logo']);
    // 1 s of a 2 s clip is 0.5; the INT64_MAX placeholder is not reported; the end is 1.
    expect(progress).toEqual([0.5, 1]);
    // Nothing left in ffmpeg's memory file system; the core is ready for the next exec.
    expect([...cores[0]!.files.keys()]).toEqual([]);
    expect(cores[0]!.ret).toBe(-1);
  });

  it(`makes a fresh core module after every ${JOBS_PER_INSTANCE} jobs`, async () => {
    const { engine, cores } = setup();
    for (let i = 0; i < JOBS_PER_INSTANCE; i++) await engine.run(job().job);
    expect(cores).toHaveLength(1);
    await engine.run(job().job);
    expect(cores).toHaveLength(2);
  });

  it('a failed run says what ffmpeg said, leaves no files, and the next job gets a fresh module', async () => {
    const { engine, cores } = setup(['fail']);
    await expect(engine.run(job().job)).rejects.toThrow(
      /^Watermark: ffmpeg could not process the video \(exit 1\): .*Invalid data found when processing input$/,
    );
    expect([...cores[0]!.files.keys()]).toEqual([]);
    await engine.run(job().job);
    expect(cores).toHaveLength(2);
  });

  it('a trap inside the wasm is a clear error too, and the module is not used again', async () => {
    const { engine, cores } = setup(['trap']);
    await expect(engine.run(job().job)).rejects.toThrow('Watermark: ffmpeg stopped (memory access out of bounds)');
    expect(cores[0]!.ret).toBe(-1);
    await engine.run(job().job);
    expect(cores).toHaveLength(2);
  });

  it('a core that cannot be loaded fails the job clearly; the next job tries again', async () => {
    let attempts = 0;
    const engine = new FfmpegEngine(async () => {
      if (++attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return new FakeCore([], []);
    });
    await expect(engine.run(job().job)).rejects.toThrow(
      'Watermark: ffmpeg could not be loaded (Failed to fetch dynamically imported module)',
    );
    await expect(engine.run(job().job)).resolves.toBeInstanceOf(Blob);
    expect(attempts).toBe(2);
  });

  it('a job cancelled while the core loads never runs; the loaded core serves the next job', async () => {
    const { engine, cores, events, holdLoad } = setup();
    const open = holdLoad();
    const controller = new AbortController();
    const run = engine.run(job(events, controller.signal).job);
    await Promise.resolve();
    controller.abort();
    open();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(events).toEqual(['load']);
    await engine.run(job(events).job);
    expect(cores).toHaveLength(1);
    // An already cancelled job does not even start.
    await expect(engine.run(job(events, controller.signal).job)).rejects.toMatchObject({ name: 'AbortError' });
    expect(events).toEqual(['load', 'blocking', 'exec input+logo']);
  });

  it('runs one job at a time, in order', async () => {
    const { engine, holdLoad } = setup();
    const open = holdLoad();
    const order: string[] = [];
    const all = Promise.all([1, 2, 3].map((n) => engine.run(job().job).then(() => order.push(`job ${n}`))));
    open();
    await all;
    expect(order).toEqual(['job 1', 'job 2', 'job 3']);
  });
});
