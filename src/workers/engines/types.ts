// A video implementation inside the worker. ffmpeg.wasm today; WebCodecs can join later
// (protocol.ts VideoEngine, chosen per browser by the bridge) without changing callers.
export interface VideoJob {
  input: Blob;
  /** The watermark PNG's bytes (the engine copies them: ffmpeg.wasm detaches what it is given). */
  logo: Uint8Array;
  onProgress: (progress: number) => void;
  signal: AbortSignal;
}

export interface VideoEngineImpl {
  run(job: VideoJob): Promise<Blob>;
}

export function abortError(): DOMException {
  return new DOMException('Watermark cancelled', 'AbortError');
}
