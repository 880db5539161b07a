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
import { ModelProcess, type ModelTask } from './model-process.ts';

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

interface Task extends ModelTask<Uint8Array> {
  rgb: Uint8Array;
}

type Reply = { ready: true } | { failed: string } | { id: number; mask: Uint8Array } | { id: number; error: string };

export class GarmentModel extends ModelProcess<Task, Uint8Array> {
  private failure: ModelUnavailableError | null = null;
  private ids = 0;
  private readonly masks = new Map<string, Uint8Array>();
  /** Seconds the last process took to load the model (for the bench). */
  loadSeconds: number | null = null;

  constructor(
    readonly model: ModelName,
    idleMs = IDLE_MS,
  ) {
    super(idleMs, 'The garment cut-out model was closed.');
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
    const mask = this.masks.get(key) ?? (await this.enqueue({ rgb }, signal));
    this.masks.delete(key);
    this.masks.set(key, mask);
    if (this.masks.size > MASKS_KEPT) this.masks.delete(this.masks.keys().next().value as string);
    const back = await sharp(mask, { raw: { width: SIZE, height: SIZE, channels: 1 } }).resize(pic.width, pic.height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    signal.throwIfAborted();
    return back;
  }

  protected override check(): void {
    if (this.failure) throw this.failure;
  }

  protected async start(): Promise<ChildProcess> {
    const started = performance.now();
    const child = await this.launch(
      SCRIPT,
      [this.model],
      // A model that cannot load stays unavailable (check() answers it from then on).
      (why) => (this.failure = new ModelUnavailableError(`The garment cut-out model (${this.model}) could not load: ${why}`)),
      'The garment cut-out model was stopped.',
    );
    this.loadSeconds = (performance.now() - started) / 1000;
    return child;
  }

  protected send(child: ChildProcess, { rgb }: Task): Promise<Uint8Array> {
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
}
