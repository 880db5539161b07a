// The messages between the bridge (watermark.ts, the page) and watermark.worker.ts.
import type { ImageVariant } from '../../contract/watermark';

/** The video implementations the worker knows (engines/). */
export type VideoEngine = 'webcodecs' | 'ffmpeg';
/** What the page asks for: 'auto' is WebCodecs where the browser can do the clip, else ffmpeg.wasm. */
export type VideoEngineChoice = 'auto' | VideoEngine;
/** localStorage key forcing one engine, for tests and support ('auto' | 'webcodecs' | 'ffmpeg'). */
export const WATERMARK_ENGINE_KEY = 'watermarkEngine';

export type WorkerRequest =
  | { type: 'image'; id: number; input: Blob; variant: ImageVariant }
  | { type: 'video'; id: number; input: Blob; engine: VideoEngineChoice }
  /** Issue 45: many gallery items in one ZIP, each watermarked here (songs as they are), built as a stream. */
  | { type: 'zip'; id: number; items: ZipEntry[]; engine: VideoEngineChoice }
  | { type: 'cancel'; id: number };

/** One file of a ZIP: fetched from `url`, stored as `name`. */
export interface ZipEntry {
  url: string;
  kind: 'image' | 'video' | 'audio';
  name: string;
}

export type WorkerResponse =
  /** 0..1; a ZIP's counts its files, a video's share of one included. */
  | { type: 'progress'; id: number; progress: number }
  /** The job now runs on `engine` (sent again when auto falls back from WebCodecs to ffmpeg.wasm). */
  | { type: 'engine'; id: number; engine: VideoEngine }
  /**
   * The worker's thread is about to be held by the job (ffmpeg.wasm's exec is synchronous) until
   * it ends: cancel messages cannot be heard, so the bridge cancels by ending the worker, and ends
   * it too when no progress arrives for a while (the watchdog).
   */
  | { type: 'blocking'; id: number }
  | { type: 'done'; id: number; output: Blob }
  | { type: 'failed'; id: number; message: string; aborted: boolean };
