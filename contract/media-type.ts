// What a file is, by its first bytes, never by its name or a declared type: the server's upload
// checks (server/src/media/magic.ts), the service worker's share target and the screens judge
// files here. Pure: bytes in, a type out.

export type PictureType = { mime: 'image/png' | 'image/jpeg' | 'image/webp'; ext: 'png' | 'jpg' | 'webp' };
export type SongType = { mime: 'audio/wav' | 'audio/mpeg'; ext: 'wav' | 'mp3' };
export type ClipType = { mime: string; ext: 'mp4' | 'mov' | 'webm' };

/** How many leading bytes the checks below need. */
export const HEAD_BYTES = 16;

const ascii = (head: Uint8Array, from: number, to: number): string => String.fromCharCode(...head.subarray(from, to));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A picture: PNG, JPEG or WEBP. */
export function imageTypeOf(head: Uint8Array): PictureType | null {
  if (head.length >= 8 && PNG.every((byte, i) => head[i] === byte)) return { mime: 'image/png', ext: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

/** Audio: WAV (RIFF…WAVE) or MP3 (an ID3 tag or an MPEG audio frame sync). */
export function audioTypeOf(head: Uint8Array): SongType | null {
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' };
  if (head.length >= 3 && ascii(head, 0, 3) === 'ID3') return { mime: 'audio/mpeg', ext: 'mp3' };
  // Frame sync: 11 set bits, MPEG version not 'reserved', layer III.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x18) !== 0x08 && (head[1]! & 0x06) === 0x02) {
    return { mime: 'audio/mpeg', ext: 'mp3' };
  }
  return null;
}

/** A video: MP4/MOV (ftyp box) or WebM (EBML). */
export function videoTypeOf(head: Uint8Array): ClipType | null {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') return ascii(head, 8, 10) === 'qt' ? { mime: 'video/quicktime', ext: 'mov' } : { mime: 'video/mp4', ext: 'mp4' };
  if (head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return { mime: 'video/webm', ext: 'webm' };
  return null;
}
