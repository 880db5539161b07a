// XMP in a PNG: an iTXt chunk with the keyword XML:com.adobe.xmp, uncompressed, placed before the
// first IDAT (right after IHDR); an older one is replaced.
import { ascii, concat, fromUtf8, readU32be, u32be, utf8 } from './bytes.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const KEYWORD = 'XML:com.adobe.xmp';

export const isPng = (b: Uint8Array): boolean => b.length >= 8 && SIGNATURE.every((v, i) => b[i] === v);

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(b: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

interface Chunk {
  type: string;
  start: number;
  /** Offset just past the CRC. */
  end: number;
  data: Uint8Array;
}

function chunks(png: Uint8Array): Chunk[] {
  if (!isPng(png)) throw new Error('not a PNG');
  const out: Chunk[] = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = readU32be(png, at);
    const type = ascii(png, at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) throw new Error('PNG: a chunk runs past the end of the file');
    out.push({ type, start: at, end, data: png.subarray(at + 8, at + 8 + length) });
    at = end;
    if (type === 'IEND') break;
  }
  return out;
}

const isXmpChunk = (c: Chunk) => c.type === 'iTXt' && ascii(c.data, 0, KEYWORD.length + 1) === `${KEYWORD}\0`;

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([utf8(type), data]);
  return concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** The PNG with `packet` as its only XMP (other chunks kept in order). */
export function writePngXmp(png: Uint8Array, packet: string): Uint8Array {
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text
  const data = concat([utf8(KEYWORD), new Uint8Array([0, 0, 0, 0, 0]), utf8(packet)]);
  const all = chunks(png);
  if (all[0]?.type !== 'IHDR') throw new Error('PNG: IHDR is not the first chunk');
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  for (const c of all) {
    if (isXmpChunk(c)) continue;
    parts.push(png.subarray(c.start, c.end));
    if (c.type === 'IHDR') parts.push(chunk('iTXt', data));
  }
  return concat(parts);
}

/** The PNG's XMP packet, or null (a compressed iTXt is not ours and not read). */
export function readPngXmp(png: Uint8Array): string | null {
  const found = chunks(png).find(isXmpChunk);
  if (!found) return null;
  let at = KEYWORD.length + 1;
  if (found.data[at] !== 0) return null; // compressed
  at += 2;
  at = found.data.indexOf(0, at) + 1; // language tag
  at = found.data.indexOf(0, at) + 1; // translated keyword
  return fromUtf8(found.data.subarray(at));
}
