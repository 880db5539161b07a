// The garment cut-out model behind a typed bridge: one child process (garment-model-process.mjs)
// started by the first picture, which loads the model once; one picture at a time (one session's
// memory, about 0.3 GB); stopped after a few idle minutes to give that memory back. A picture
// whose signal aborts leaves the queue or, when it is the one running, kills the process (a run
// cannot be interrupted; the next picture starts a fresh one). A crash there spares the server.
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { RawPicture } from './images.ts';
import { forkModel, hold, killModel } from './model-process.ts';

export type ModelName = 'small' | 'medium';

/** The model's fixed input: the picture is stretched to this square, the mask stretched back. */
const SIZE = 1024;
const IDLE_MS = 5 * 60_000;
/** Users try one garment on several pictures and categories: the last masks are kept, 1 MB each. */
const MASKS_KEPT = 4;

/** The model could not be loaded in this process (missing package files, no native runtime). */
export class ModelUnavailableError extends Error {
  override name = 'ModelUnavailableError';
}

const SCRIPT = fileURLToPath(new URL('./garment-model-process.mjs', import.meta.url));

interface Task {
  rgb: Uint8Array;
  signal: AbortSignal;
  resolve(mask: Uint8Array): void;
  reject(err: unknown): void;
}

type Reply = { ready: true } | { failed: string } | { id: number; mask: Uint8Array } | { id: number; error: string };

export class GarmentModel {
  private child: ChildProcess | null = null;
  private ready: Promise<ChildProcess> | null = null;
  private failure: ModelUnavailableError | null = null;
  private queue: Task[] = [];
  private running: Task | null = null;
  private idle: NodeJS.Timeout | undefined;
  private ids = 0;
  private readonly masks = new Map<string, Uint8Array>();
  /** Seconds the last process took to load the model (for the bench). */
  loadSeconds: number | null = null;

  constructor(
    readonly model: ModelName,
    private readonly idleMs = IDLE_MS,
  ) {}

  /** The model process's id while it runs (the bench reads its memory). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Foreground alpha (0-255, one byte a pixel) of an RGBA picture, at its size. */
  async alpha(pic: RawPicture, signal: AbortSignal): Promise<Uint8Array> {
    signal.throwIfAborted();
    if (this.failure) throw this.failure;
    const rgb = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
      .removeAlpha()
      .resize(SIZE, SIZE, { fit: 'fill' })
      .raw()
      .toBuffer();
    const key = createHash('sha256').update(rgb).digest('base64');
    const mask = this.masks.get(key) ?? (await this.enqueue(rgb, signal));
    this.masks.delete(key);
    this.masks.set(key, mask);
    if (this.masks.size > MASKS_KEPT) this.masks.delete(this.masks.keys().next().value as string);
    const back = await sharp(mask, { raw: { width: SIZE, height: SIZE, channels: 1 } }).resize(pic.width, pic.height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    signal.throwIfAborted();
    return back;
  }

  /** Ends the process now (tests, bench, shutdown); waiting pictures are rejected. */
  async close(): Promise<void> {
    for (const task of this.queue.splice(0)) task.reject(new Error('The garment cut-out model was closed.'));
    await this.stop();
  }

  private enqueue(rgb: Uint8Array, signal: AbortSignal): Promise<Uint8Array> {
    return new Promise<Uint8Array>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const task: Task = { rgb, signal, resolve, reject };
      const onAbort = () => {
        reject(signal.reason);
        const at = this.queue.indexOf(task);
        if (at >= 0) this.queue.splice(at, 1);
        else if (this.running === task) void this.stop();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      task.resolve = (mask) => (signal.removeEventListener('abort', onAbort), resolve(mask));
      task.reject = (err) => (signal.removeEventListener('abort', onAbort), reject(err));
      this.queue.push(task);
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const task = this.queue.shift();
    if (!task) return;
    this.running = task;
    clearTimeout(this.idle);
    try {
      if (this.failure) throw this.failure;
      const child = await (this.ready ??= this.start());
      task.signal.throwIfAborted();
      hold(child, true);
      task.resolve(await this.send(child, task.rgb));
    } catch (err) {
      task.reject(err);
    } finally {
      if (this.child) hold(this.child, false);
      this.running = null;
      if (this.queue.length) void this.pump();
      else if (this.child) this.idle = setTimeout(() => void this.stop(), this.idleMs).unref();
    }
  }

  private start(): Promise<ChildProcess> {
    const started = performance.now();
    const child = forkModel(SCRIPT, [this.model]);
    this.child = child;
    return new Promise<ChildProcess>((resolve, reject) => {
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        this.failure = new ModelUnavailableError(`The garment cut-out model (${this.model}) could not load: ${why}`);
        child.kill('SIGKILL');
        reject(this.failure);
      };
      child.once('message', (reply: Reply) => {
        if (!('ready' in reply)) return fail('failed' in reply ? reply.failed : 'unexpected reply');
        settled = true;
        this.loadSeconds = (performance.now() - started) / 1000;
        resolve(child);
      });
      child.once('error', (err) => fail(err.message));
      child.once('exit', (code, signal) => {
        // Still ours: it died by itself (stop() lets go of a process before killing it).
        const died = this.child === child;
        if (died) [this.child, this.ready] = [null, null];
        if (died) fail(`the process exited (${signal ?? code})`);
        else if (!settled) reject(new Error('The garment cut-out model was stopped.'));
        settled = true;
      });
    });
  }

  private send(child: ChildProcess, rgb: Uint8Array): Promise<Uint8Array> {
    const id = (this.ids += 1);
    return new Promise<Uint8Array>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (!('id' in reply) || reply.id !== id) return;
        done();
        if ('mask' in reply) resolve(reply.mask);
        else reject(new Error(`The garment cut-out failed: ${reply.error}`));
      };
      const onExit = () => (done(), reject(new Error('The garment cut-out model stopped.')));
      const done = () => (child.off('message', onMessage), child.off('exit', onExit));
      child.on('message', onMessage);
      child.on('exit', onExit);
      child.send({ id, rgb, size: SIZE });
    });
  }

  private async stop(): Promise<void> {
    clearTimeout(this.idle);
    const child = this.child;
    [this.child, this.ready] = [null, null];
    await killModel(child);
  }
}
