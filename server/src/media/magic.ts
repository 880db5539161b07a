// What a file is, by its first bytes, never by its name or a declared type. Uploads and linked
// media are judged here, and ffmpeg is told the format found (media/ffmpeg.ts).
import { open } from 'node:fs/promises';

export type MediaKind = 'image' | 'video' | 'audio';

export interface MediaType {
  mime: string;
  ext: string;
}

/** The first bytes of a file, where the magic numbers are. */
export async function readHead(file: string, length = 16): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(length);
    const { bytesRead } = await handle.read(head, 0, length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A picture: PNG, JPEG or WEBP. */
export function imageTypeOf(head: Buffer): { mime: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' } | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Audio: WAV (RIFF…WAVE) or MP3 (an ID3 tag or an MPEG audio frame sync). */
export function audioTypeOf(head: Buffer): { mime: 'audio/wav' | 'audio/mpeg'; ext: 'wav' | 'mp3' } | null {
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' };
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return { mime: 'audio/mpeg', ext: 'mp3' };
  // Frame sync: 11 set bits, MPEG version not 'reserved', layer III.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x18) !== 0x08 && (head[1]! & 0x06) === 0x02) return { mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/** A video: MP4/MOV (ftyp box) or WebM (EBML). */
export function videoTypeOf(head: Buffer): { mime: string; ext: 'mp4' | 'mov' | 'webm' } | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return head.toString('latin1', 8, 10) === 'qt' ? { mime: 'video/quicktime', ext: 'mov' } : { mime: 'video/mp4', ext: 'mp4' };
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { mime: 'video/webm', ext: 'webm' };
  return null;
}

const TYPE_OF: Record<MediaKind, (head: Buffer) => MediaType | null> = { image: imageTypeOf, video: videoTypeOf, audio: audioTypeOf };

export class UnknownMediaError extends Error {
  override name = 'UnknownMediaError';
}

/** `file`'s type by its bytes, one of `kinds`; UnknownMediaError when it is none of them. */
export async function mediaTypeOf(file: string, kinds: readonly MediaKind[]): Promise<MediaType & { kind: MediaKind }> {
  const head = await readHead(file);
  for (const kind of kinds) {
    const type = TYPE_OF[kind](head);
    if (type) return { ...type, kind };
  }
  throw new UnknownMediaError(`not ${kinds.join(' or ')} by its bytes`);
}
