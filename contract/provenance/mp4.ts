// XMP in an MP4: the top-level `uuid` box BE7ACFCB-97A9-42E8-9C71-999491E3AFAC holding the packet.
// A writer for one box, not an MP4 editor: the box is appended at the end of the file, so no chunk
// offset (stco/co64) moves; an older XMP box is dropped (only when it was the last box, the usual
// case, or else the offsets after it would move: then it is left and the new one wins as the last).
import { ascii, concat, fromUtf8, readU32be, u32be, utf8 } from './bytes.ts';

export const XMP_UUID = new Uint8Array([0xbe, 0x7a, 0xcf, 0xcb, 0x97, 0xa9, 0x42, 0xe8, 0x9c, 0x71, 0x99, 0x94, 0x91, 0xe3, 0xaf, 0xac]);

export const isMp4 = (b: Uint8Array): boolean => b.length >= 12 && ascii(b, 4, 8) === 'ftyp';

interface Box {
  type: string;
  start: number;
  /** Where the payload starts (after size, type, largesize). */
  body: number;
  end: number;
  /** The size field said 0: "to the end of the file". */
  open: boolean;
}

function topLevelBoxes(mp4: Uint8Array): Box[] {
  if (!isMp4(mp4)) throw new Error('not an MP4');
  const boxes: Box[] = [];
  let at = 0;
  while (at + 8 <= mp4.length) {
    let size = readU32be(mp4, at);
    const type = ascii(mp4, at + 4, at + 8);
    let body = at + 8;
    if (size === 1) {
      size = readU32be(mp4, at + 8) * 2 ** 32 + readU32be(mp4, at + 12);
      body = at + 16;
    }
    const open = size === 0;
    const end = open ? mp4.length : at + size;
    if (end > mp4.length || end < body) throw new Error('MP4: a box runs past the end of the file');
    boxes.push({ type, start: at, body, end, open });
    at = end;
  }
  return boxes;
}

const isXmpBox = (mp4: Uint8Array, b: Box) => b.type === 'uuid' && XMP_UUID.every((v, i) => mp4[b.body + i] === v);

/** The MP4 with `packet` in an XMP box at its end. */
export function writeMp4Xmp(mp4: Uint8Array, packet: string): Uint8Array {
  const boxes = topLevelBoxes(mp4);
  let end = mp4.length;
  const last = boxes.at(-1);
  if (last && isXmpBox(mp4, last)) end = last.start;
  const head = mp4.slice(0, end);
  // A last box sized "to the end of the file" would swallow ours: give it its real size.
  const open = boxes.find((b) => b.open && b.end <= end);
  if (open) {
    const size = end - open.start;
    if (size >= 2 ** 32) throw new Error('MP4: an open-ended box of 4 GB or more cannot be closed');
    head.set(u32be(size), open.start);
  }
  const payload = utf8(packet);
  const box = concat([u32be(8 + XMP_UUID.length + payload.length), utf8('uuid'), XMP_UUID, payload]);
  return concat([head, box]);
}

/** The MP4's XMP packet (the last XMP box wins), or null. */
export function readMp4Xmp(mp4: Uint8Array): string | null {
  const found = topLevelBoxes(mp4).filter((b) => isXmpBox(mp4, b)).at(-1);
  return found ? fromUtf8(mp4.subarray(found.body + XMP_UUID.length, found.end)) : null;
}
