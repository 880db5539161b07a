// The messages between the bridge (watermark.ts, the page) and watermark.worker.ts.
import type { ImageVariant } from './watermarkSpec';

/** The video implementations the worker knows; the bridge chooses one per browser. */
export type VideoEngine = 'ffmpeg';

export type WorkerRequest =
  | { type: 'image'; id: number; input: Blob; variant: ImageVariant }
  | { type: 'video'; id: number; input: Blob; engine: VideoEngine }
  | { type: 'cancel'; id: number };

export type WorkerResponse =
  | { type: 'progress'; id: number; progress: number }
  | { type: 'done'; id: number; output: Blob }
  | { type: 'failed'; id: number; message: string; aborted: boolean };
