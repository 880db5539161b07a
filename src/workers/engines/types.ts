// A video implementation inside the worker: WebCodecs (engines/webcodecs.ts) or ffmpeg.wasm
// (engines/ffmpeg.ts), chosen per job by the worker from the page's VideoEngineChoice.
export interface VideoJob {
  input: Blob;
  /** The watermark PNG's bytes (the engine copies them: ffmpeg.wasm detaches what it is given). */
  logo: Uint8Array;
  onProgress: (progress: number) => void;
  signal: AbortSignal;
  /** Called just before the engine holds the thread (a synchronous run): see protocol.ts 'blocking'. */
  onBlocking?: () => void;
}

export interface VideoEngineImpl {
  run(job: VideoJob): Promise<Blob>;
}

/** The engine cannot handle this clip or this browser (codec, pixel format, no WebCodecs): auto tries the next one. */
export class UnsupportedVideoError extends Error {
  override name = 'UnsupportedVideoError';
}

export function abortError(): DOMException {
  return new DOMException('Watermark cancelled', 'AbortError');
}
