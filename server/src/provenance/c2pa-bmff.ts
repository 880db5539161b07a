// Chunk offsets of an MP4 after a box was inserted before its media data. c2pa-ts 0.9 inserts
// the manifest box right after ftyp without moving the sample tables' chunk offsets (stco/co64),
// so every absolute offset at or past the insertion point moves by the inserted size. A walker
// for the few container boxes on the way to the sample tables, not a general MP4 parser.

/**
 * c2pa-ts 0.9 reads and signs BMFF but only admits HEIF brands; an MP4's boxes are handled the
 * same way (with the chunk offsets fixed below), so its brands are added to the allowed set.
 */
export function enableMp4(bmff: unknown): void {
  const brands = (bmff as { canReadBrands?: Set<string> }).canReadBrands;
  if (!(brands instanceof Set)) throw new Error('c2pa-ts changed: BMFF.canReadBrands is gone; check MP4 support in this version');
  for (const brand of ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4A ', 'dash']) brands.add(brand);
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);

/** Adds `shift` to every chunk offset in `buf` (the file after insertion) that is >= `from`. */
export function shiftChunkOffsets(buf: Uint8Array, from: number, shift: number): void {
  if (shift === 0) return;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  walk(view, 0, buf.byteLength, from, shift);
}

function walk(view: DataView, start: number, end: number, from: number, shift: number): void {
  let pos = start;
  while (pos + 8 <= end) {
    let size = view.getUint32(pos);
    const type = String.fromCharCode(view.getUint8(pos + 4), view.getUint8(pos + 5), view.getUint8(pos + 6), view.getUint8(pos + 7));
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header || pos + size > end) throw new Error(`MP4: the ${type} box at ${pos} runs past its parent`);
    if (CONTAINERS.has(type)) walk(view, pos + header, pos + size, from, shift);
    else if (type === 'stco') patch(view, pos + header, pos + size, 4, from, shift);
    else if (type === 'co64') patch(view, pos + header, pos + size, 8, from, shift);
    pos += size;
  }
}

function patch(view: DataView, start: number, end: number, width: 4 | 8, from: number, shift: number): void {
  // FullBox: version and flags (4 bytes), entry count (4 bytes), then the offsets.
  const count = view.getUint32(start + 4);
  if (start + 8 + count * width > end) throw new Error('MP4: a chunk offset table runs past its box');
  for (let i = 0, at = start + 8; i < count; i++, at += width) {
    if (width === 4) {
      const offset = view.getUint32(at);
      if (offset < from) continue;
      if (offset + shift > 0xffffffff) throw new Error('MP4: a chunk offset no longer fits 32 bits after the manifest box');
      view.setUint32(at, offset + shift);
    } else {
      const offset = view.getBigUint64(at);
      if (offset >= BigInt(from)) view.setBigUint64(at, offset + BigInt(shift));
    }
  }
}
