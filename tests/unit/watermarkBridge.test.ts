// The page-side bridge (src/workers/watermark.ts) against a scripted Worker: the engine choice
// from localStorage, 'engine' reports, and what happens once a job holds the worker's thread
// ('blocking'): a cancel or 15 s without progress end the worker, and every other pending job
// goes to a fresh one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerRequest, WorkerResponse } from '../../src/workers/protocol';

type Bridge = typeof import('../../src/workers/watermark');

class FakeWorker {
  static made: FakeWorker[] = [];
  posted: WorkerRequest[] = [];
  terminated = false;
  #listeners = new Set<(event: { data: WorkerResponse }) => void>();

  constructor() {
    FakeWorker.made.push(this);
  }
  addEventListener(type: string, listener: (event: { data: WorkerResponse }) => void) {
    if (type === 'message') this.#listeners.add(listener);
  }
  postMessage(message: WorkerRequest) {
    if (this.terminated) throw new Error('posted to a terminated worker');
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  /** The worker says something (a terminated worker's last words still reach the page). */
  say(message: WorkerResponse) {
    for (const listener of this.#listeners) listener({ data: message });
  }
  jobs() {
    return this.posted.filter((m) => m.type !== 'cancel');
  }
}

const video = () => new Blob([new Uint8Array([1])], { type: 'video/mp4' });
const output = new Blob([new Uint8Array([2])], { type: 'video/mp4' });

/** A promise's outcome without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state: { value?: T; error?: Error; settled: boolean } = { settled: false };
  promise.then(
    (value) => Object.assign(state, { value, settled: true }),
    (error: Error) => Object.assign(state, { error, settled: true }),
  );
  return state;
}

let bridge: Bridge;

beforeEach(async () => {
  FakeWorker.made = [];
  vi.useFakeTimers();
  vi.stubGlobal('Worker', FakeWorker);
  // Images go to the worker only where OffscreenCanvas has a 2D context.
  vi.stubGlobal('OffscreenCanvas', class { getContext = () => ({}); });
  localStorage.clear();
  vi.resetModules();
  bridge = await import('../../src/workers/watermark');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the watermark bridge', () => {
  it.each([
    [null, 'auto'],
    ['ffmpeg', 'ffmpeg'],
    ['webcodecs', 'webcodecs'],
    ['fast please', 'auto'],
  ])('localStorage watermarkEngine=%s asks the worker for %s, and reports the engine used', async (stored, engine) => {
    if (stored !== null) localStorage.setItem('watermarkEngine', stored);
    const engines: string[] = [];
    const progress: number[] = [];
    const result = bridge.watermarkVideo(video(), { onEngine: (e) => engines.push(e), onProgress: (p) => progress.push(p) });
    const [worker] = FakeWorker.made;
    const request = worker!.posted[0]!;
    expect(request).toMatchObject({ type: 'video', engine });
    worker!.say({ type: 'engine', id: request.id, engine: 'webcodecs' });
    worker!.say({ type: 'progress', id: request.id, progress: 0.4 });
    worker!.say({ type: 'engine', id: request.id, engine: 'ffmpeg' }); // auto fell back
    worker!.say({ type: 'done', id: request.id, output });
    await expect(result).resolves.toBe(output);
    expect(engines).toEqual(['webcodecs', 'ffmpeg']);
    expect(progress).toEqual([0.4]);
  });

  it('no localStorage at all means auto', async () => {
    vi.stubGlobal('localStorage', undefined);
    void bridge.watermarkVideo(video()).catch(() => undefined);
    expect(FakeWorker.made[0]!.posted[0]).toMatchObject({ type: 'video', engine: 'auto' });
  });

  it('before the job holds the thread, cancel is a message; the worker stays', async () => {
    const controller = new AbortController();
    const result = watch(bridge.watermarkVideo(video(), { signal: controller.signal }));
    const [worker] = FakeWorker.made;
    const { id } = worker!.posted[0]!;
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(result.error).toMatchObject({ name: 'AbortError' });
    expect(worker!.posted[1]).toEqual({ type: 'cancel', id });
    expect(worker!.terminated).toBe(false);
    // The worker's own report of the cancelled job changes nothing.
    worker!.say({ type: 'failed', id, message: 'Watermark cancelled', aborted: true });
    expect(worker!.terminated).toBe(false);
  });

  it('cancel during the blocking run ends the worker; the pending video and image run again on a fresh one', async () => {
    const controller = new AbortController();
    const engines: string[] = [];
    const stuck = watch(bridge.watermarkVideo(video(), { signal: controller.signal }));
    const next = watch(bridge.watermarkVideo(video(), { onEngine: (e) => engines.push(e) }));
    const image = watch(bridge.watermarkImage(new Blob([new Uint8Array([3])], { type: 'image/png' })));
    const [first] = FakeWorker.made;
    const [stuckRequest, nextRequest, imageRequest] = first!.posted;
    first!.say({ type: 'blocking', id: stuckRequest!.id });
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);

    expect(stuck.error).toMatchObject({ name: 'AbortError' });
    expect(first!.terminated).toBe(true);
    expect(first!.posted.some((m) => m.type === 'cancel')).toBe(false);
    const second = FakeWorker.made[1]!;
    expect(second.jobs()).toEqual([nextRequest, imageRequest]);
    expect(nextRequest).toMatchObject({ type: 'video' });
    expect(imageRequest).toMatchObject({ type: 'image', variant: 'studio' });

    // Whatever the old worker had queued is ignored; the fresh worker's answers count.
    first!.say({ type: 'done', id: nextRequest!.id, output: new Blob(['stale']) });
    expect(next.settled).toBe(false);
    second.say({ type: 'engine', id: nextRequest!.id, engine: 'ffmpeg' });
    second.say({ type: 'done', id: nextRequest!.id, output });
    const png = new Blob([new Uint8Array([4])], { type: 'image/png' });
    second.say({ type: 'done', id: imageRequest!.id, output: png });
    await vi.advanceTimersByTimeAsync(0);
    expect(next.value).toBe(output);
    expect(image.value).toBe(png);
    expect(engines).toEqual(['ffmpeg']);
  });

  it(`a blocking run silent for 15 s is stopped; progress keeps a slow one alive`, async () => {
    const { SILENCE_LIMIT_MS } = bridge;
    expect(SILENCE_LIMIT_MS).toBe(15_000);
    const slow = watch(bridge.watermarkVideo(video()));
    const [worker] = FakeWorker.made;
    const slowId = worker!.posted[0]!.id;
    worker!.say({ type: 'blocking', id: slowId });
    for (let t = 0; t < 4; t++) {
      await vi.advanceTimersByTimeAsync(10_000);
      worker!.say({ type: 'progress', id: slowId, progress: t / 4 });
    }
    worker!.say({ type: 'done', id: slowId, output });
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.value).toBe(output);
    expect(worker!.terminated).toBe(false);

    const stuck = watch(bridge.watermarkVideo(video()));
    const waiting = watch(bridge.watermarkVideo(video()));
    const [stuckRequest, waitingRequest] = worker!.posted.slice(1);
    worker!.say({ type: 'blocking', id: stuckRequest!.id });
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS - 1);
    expect(worker!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(stuck.error?.message).toBe('Watermark: ffmpeg made no progress for 15 s; stopped');
    expect(worker!.terminated).toBe(true);
    const fresh = FakeWorker.made[1]!;
    expect(fresh.jobs()).toEqual([waitingRequest]);
    // The re-sent job's own run gets its own watchdog, not the stopped one's.
    fresh.say({ type: 'blocking', id: waitingRequest!.id });
    await vi.advanceTimersByTimeAsync(SILENCE_LIMIT_MS);
    expect(waiting.error?.message).toBe('Watermark: ffmpeg made no progress for 15 s; stopped');
    expect(fresh.terminated).toBe(true);
    expect(FakeWorker.made).toHaveLength(2); // nothing left to re-send: no worker started
  });

  it('a job cancelled just before its run took the thread: the run is ended when the worker says so', async () => {
    const controller = new AbortController();
    const cancelled = watch(bridge.watermarkVideo(video(), { signal: controller.signal }));
    const waiting = watch(bridge.watermarkVideo(video()));
    const [worker] = FakeWorker.made;
    const [cancelledRequest, waitingRequest] = worker!.posted;
    controller.abort(); // the 'cancel' message crosses the worker's 'blocking'
    worker!.say({ type: 'blocking', id: cancelledRequest!.id });
    await vi.advanceTimersByTimeAsync(0);
    expect(cancelled.error).toMatchObject({ name: 'AbortError' });
    expect(worker!.terminated).toBe(true);
    expect(FakeWorker.made[1]!.jobs()).toEqual([waitingRequest]);
    expect(waiting.settled).toBe(false);
  });

  it('the idle worker goes after 60 s without a job', async () => {
    const result = watch(bridge.watermarkVideo(video()));
    const [worker] = FakeWorker.made;
    worker!.say({ type: 'done', id: worker!.posted[0]!.id, output });
    await vi.advanceTimersByTimeAsync(59_999);
    expect(result.value).toBe(output);
    expect(worker!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker!.terminated).toBe(true);
  });
});
