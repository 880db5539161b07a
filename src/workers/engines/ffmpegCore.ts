// @ffmpeg/core (ffmpeg.wasm's single-thread Emscripten build), loaded from our own origin into
// the watermark worker itself. The package ships no types for its module: this is the small part
// the engine uses, written against node_modules/@ffmpeg/core/dist/esm/ffmpeg-core.js.
import { FFMPEG_CORE_DIR } from '../../../contract/ffmpeg-core';

export interface FfmpegCore {
  /** Runs ffmpeg synchronously (it holds the thread until done); the exit code is then in `ret`. */
  exec(...args: string[]): number;
  ret: number;
  /** Puts ret and the time-out back for the next exec. */
  reset(): void;
  setTimeout(ms: number): void;
  setLogger(logger: (entry: { type: 'stdout' | 'stderr'; message: string }) => void): void;
  /** `time` is the output's position in microseconds (INT64_MAX before the first frame). */
  setProgress(handler: (event: { progress: number; time: number }) => void): void;
  /** Emscripten's in-memory file system: writeFile and readFile copy the bytes. */
  FS: {
    writeFile(path: string, data: Uint8Array): void;
    readFile(path: string): Uint8Array<ArrayBuffer>;
    unlink(path: string): void;
  };
}

/** Makes a new core module (its own wasm memory). */
export type LoadCore = () => Promise<FfmpegCore>;

type CreateCore = (options: { mainScriptUrlOrBlob: string }) => Promise<FfmpegCore>;

/** Absolute same-origin URLs: a worker built into /assets/ must not resolve them against itself. */
export function coreUrls(origin: string = self.location.origin): { coreURL: string; wasmURL: string } {
  return {
    coreURL: new URL(`${FFMPEG_CORE_DIR}ffmpeg-core.js`, origin).href,
    wasmURL: new URL(`${FFMPEG_CORE_DIR}ffmpeg-core.wasm`, origin).href,
  };
}

/**
 * Imports the core's ESM factory (once: the browser caches the module) and creates a module.
 * The core replaces any locateFile it is given; its own one reads the wasm's URL from
 * mainScriptUrlOrBlob's fragment (base64 JSON), which is how @ffmpeg/ffmpeg passes it too.
 */
export const loadCore: LoadCore = async () => {
  const { coreURL, wasmURL } = coreUrls();
  const { default: createCore } = (await import(/* @vite-ignore */ coreURL)) as { default: CreateCore };
  return createCore({ mainScriptUrlOrBlob: `${coreURL}#${btoa(JSON.stringify({ wasmURL }))}` });
};
