// Where the face is in outside media (an uploaded or linked picture, an outside video's frames):
// face-api's Tiny Face Detector in a worker thread (face-detect-worker.mjs), started by the first
// picture and ended after a few idle minutes. When it cannot load, the caller's guess stands and
// the server says so once.
import sharp from 'sharp';
import { Worker } from 'node:worker_threads';
import type { FaceBox } from '../types.ts';
import type { RawPicture } from './images.ts';

export interface DetectedFace extends FaceBox {
  /** The detector's confidence, 0.5 (its threshold) to 1. */
  score: number;
  /** Asked for with `landmarks`: the 68 points of face-api's landmark model (jaw 0-16, eyes 36-47, mouth 48-67), in pixels. */
  points?: [number, number][];
}

/** Pictures are looked at no larger than this (the detector works at 416 px anyway). */
const LOOK_SIZE = 640;
const IDLE_MS = 5 * 60_000;
const SCRIPT = new URL('./face-detect-worker.mjs', import.meta.url);

type Reply = { ready: true } | { failed: string } | { id: number; faces: DetectedFace[] } | { id: number; error: string };

export class FaceDetector {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private failure: Error | null = null;
  private idle: NodeJS.Timeout | undefined;
  private ids = 0;
  private readonly waiting = new Map<number, { resolve(faces: DetectedFace[]): void; reject(err: unknown): void }>();

  constructor(private readonly idleMs = IDLE_MS) {}

  /** The detector thread's id while it runs (tests check that shutdown ends it). */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** The faces in an RGBA picture, in its pixels, most certain first (with their 68 landmarks when asked); rejects when the detector cannot load. */
  async faces(pic: RawPicture, signal: AbortSignal, { landmarks = false } = {}): Promise<DetectedFace[]> {
    signal.throwIfAborted();
    if (this.failure) throw this.failure;
    const { data, info } = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
      .removeAlpha()
      .resize(LOOK_SIZE, LOOK_SIZE, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const worker = await (this.ready ??= this.start());
    signal.throwIfAborted();
    clearTimeout(this.idle);
    const id = (this.ids += 1);
    const found = new Promise<DetectedFace[]>((resolve, reject) => {
      const onAbort = () => (this.waiting.delete(id), reject(signal.reason));
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.set(id, {
        resolve: (faces) => (signal.removeEventListener('abort', onAbort), resolve(faces)),
        reject: (err) => (signal.removeEventListener('abort', onAbort), reject(err)),
      });
    });
    worker.postMessage({ id, rgb: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height, landmarks });
    const scale = pic.width / info.width;
    return (await found).map((f) => ({
      x: f.x * scale, y: f.y * scale, w: f.w * scale, h: f.h * scale, score: f.score,
      ...(f.points ? { points: f.points.map(([x, y]) => [x * scale, y * scale] as [number, number]) } : {}),
    }));
  }

  /** Ends the thread now (tests, shutdown); pictures waiting for it are rejected. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    [this.worker, this.ready] = [null, null];
    this.settleAll(new Error('The face detector was closed.'));
    await worker?.terminate();
  }

  private start(): Promise<Worker> {
    const worker = new Worker(SCRIPT);
    this.worker = worker;
    worker.unref(); // never what keeps the server up
    let loaded = false;
    return new Promise<Worker>((resolve, reject) => {
      const fail = (why: string) => {
        this.failure = new Error(`The face detector could not load: ${why}`);
        [this.worker, this.ready] = [null, null];
        void worker.terminate();
        reject(this.failure);
      };
      worker.on('message', (reply: Reply) => {
        if ('ready' in reply) return ((loaded = true), resolve(worker));
        if ('failed' in reply) return fail(reply.failed);
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        if ('faces' in reply) waiter?.resolve(reply.faces);
        else waiter?.reject(new Error(`Face detection failed: ${reply.error}`));
        if (this.waiting.size === 0) this.idle = setTimeout(() => void this.close(), this.idleMs).unref();
      });
      // A crash after loading ends this thread only (exit below); the next picture starts another.
      worker.once('error', (err) => (loaded ? undefined : fail(err.message)));
      worker.once('exit', () => {
        if (this.worker !== worker) return;
        [this.worker, this.ready] = [null, null];
        this.settleAll(new Error('The face detector stopped.'));
      });
    });
  }

  private settleAll(err: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(err);
    this.waiting.clear();
  }
}

export const faceDetector = new FaceDetector();

let warned = false;

/**
 * The largest face's box in an outside picture (the subject, not a face in the crowd); null when
 * there is none or when the detector cannot load (said once), so the caller falls back to its guess.
 */
export async function detectFaceBox(pic: RawPicture, signal: AbortSignal, detector: Pick<FaceDetector, 'faces'> = faceDetector): Promise<FaceBox | null> {
  try {
    const [largest] = (await detector.faces(pic, signal)).sort((a, b) => b.w * b.h - a.w * a.h);
    return largest ? { x: largest.x, y: largest.y, w: largest.w, h: largest.h } : null;
  } catch (err) {
    signal.throwIfAborted();
    if (!warned) process.emitWarning(`${(err as Error).message}; face swaps into outside media use the guessed face box.`, { code: 'PERSONA_FACE_DETECT_FALLBACK' });
    warned = true;
    return null;
  }
}
