// A remote engine's result, brought home: copied through the SSRF guard (size- and time-capped)
// into the job's folder, then judged by its first bytes, never by what the service says it is.
import { open } from 'node:fs/promises';
import type { FileClass } from '../../media/magic.ts';
import { FetchRefusedError, safeDownload } from '../../net/safe-fetch.ts';
import { TransientEngineError, type EngineFile } from '../types.ts';

export interface CopyOptions {
  /** host or host:port the copy may reach although private. */
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
}

/** Copies `url` to `file`. A refused address is a plain error; any other failure may be retried. */
export async function copyOutput(vendor: string, url: string, file: string, options: CopyOptions): Promise<string> {
  try {
    await safeDownload(url, file, options);
  } catch (err) {
    if (options.signal.aborted) throw options.signal.reason;
    if (err instanceof FetchRefusedError) throw new Error(`${vendor}'s output was refused: ${err.message}`);
    throw new TransientEngineError(`${vendor}'s output could not be fetched: ${(err as Error).message}`);
  }
  return file;
}

/** What a file is, from its first bytes. */
export async function sniffMedia(path: string): Promise<EngineFile['mime'] | null> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(16), 0, 16, 0);
    const b = buffer.subarray(0, bytesRead);
    if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
    if (b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
    if (b.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
    if (b.subarray(0, 3).toString('latin1') === 'ID3' || (b[0] === 0xff && (b[1]! & 0xe0) === 0xe0)) return 'audio/mpeg';
    return null;
  } finally {
    await handle.close();
  }
}

/** The file as an engine result, or a plain error (no retry) when its bytes are not the `expect`ed kind. */
export async function expectMedia(path: string, expect: FileClass, who: string): Promise<EngineFile> {
  const mime = await sniffMedia(path);
  if (!mime || !mime.startsWith(expect)) throw new Error(`${who} answered a file that is not ${expect === 'audio' ? 'MP3 audio' : `a PNG, JPEG, WEBP or MP4 ${expect}`}`);
  return { path, mime };
}
