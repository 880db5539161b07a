// The ESRGAN upscaler behind a typed bridge: one child process (upscale-model-process.mjs) started
// by the first picture, which loads the 2x and 4x weights once; one picture at a time; stopped
// after a few idle minutes to give its memory back. Progress comes a tile at a time. A picture
// whose signal aborts leaves the queue or, when it is the one running, is canceled at the next
// tile (the process stays for the next picture); a crash there spares the server.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ModelProcess, type ModelTask } from './model-process.ts';

const IDLE_MS = 5 * 60_000;
const SCRIPT = fileURLToPath(new URL('./upscale-model-process.mjs', import.meta.url));

export type UpscaleFactor = 2 | 4;

/** An RGB picture, 3 bytes a pixel. */
export interface RgbPicture {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/** What the model process had used by the end of a picture (the bench reads it). */
export interface ModelUsage {
  cpuSeconds: number;
  maxRssBytes: number;
}

interface Task extends ModelTask<Upscaled> {
  picture: RgbPicture;
  scale: UpscaleFactor;
  tile?: number;
  progress(share: number): void;
}

type Upscaled = RgbPicture & { usage: ModelUsage };

type Reply =
  | { ready: true }
  | { failed: string }
  | { id: number; done: number; total: number }
  | { id: number; rgb: Uint8Array; width: number; height: number; usage: ModelUsage }
  | { id: number; canceled: true }
  | { id: number; error: string };

export class UpscaleModel extends ModelProcess<Task, Upscaled> {
  private ids = 0;
  /** What the model process had used by the end of the last picture (for the bench). */
  lastUsage: ModelUsage | null = null;

  constructor(idleMs = IDLE_MS) {
    super(idleMs, 'The upscaler was closed.');
  }

  /**
   * The picture `scale` times larger; `progress` gets the share of tiles done (0-1). `tile` (input
   * pixels a side) is the process's own choice unless a test sets it.
   */
  upscale(picture: RgbPicture, scale: UpscaleFactor, signal: AbortSignal, progress: (share: number) => void = () => undefined, tile?: number): Promise<Upscaled> {
    return this.enqueue({ picture, scale, tile, progress }, signal);
  }

  /** A running picture is not killed: send() asks the process to stop at its next tile. */
  protected override abortRunning(): void {}

  protected start(): Promise<ChildProcess> {
    return this.launch(SCRIPT, [], (why) => new Error(`The upscaler could not load: ${why}`), 'The upscaler was stopped.');
  }

  /** One picture through the process; an abort asks it to stop at the next tile and waits for that. */
  protected send(child: ChildProcess, task: Task): Promise<Upscaled> {
    const id = (this.ids += 1);
    return new Promise((resolve, reject) => {
      const onAbort = () => child.send({ cancel: id });
      const onMessage = (reply: Reply) => {
        if (!('id' in reply) || reply.id !== id) return;
        if ('done' in reply) return task.progress(reply.done / reply.total);
        done();
        if ('rgb' in reply) {
          this.lastUsage = reply.usage;
          resolve({ rgb: reply.rgb, width: reply.width, height: reply.height, usage: reply.usage });
        } else if ('canceled' in reply) reject(task.signal.reason);
        else reject(new Error(`The upscale failed: ${reply.error}`));
      };
      const onExit = () => (done(), reject(new Error('The upscaler stopped.')));
      const done = () => (child.off('message', onMessage), child.off('exit', onExit), task.signal.removeEventListener('abort', onAbort));
      child.on('message', onMessage);
      child.on('exit', onExit);
      task.signal.addEventListener('abort', onAbort, { once: true });
      const { rgb, width, height } = task.picture;
      child.send({ id, rgb, width, height, scale: task.scale, ...(task.tile ? { tile: task.tile } : {}) });
    });
  }
}

export const upscaleModel = new UpscaleModel();
