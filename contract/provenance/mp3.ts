// XMP in an MP3: an ID3v2 tag at the start with a PRIV frame owned by "XMP" carrying the packet,
// and a TXXX frame "DigitalSourceType" with the code's URI (what tag readers show). An existing
// ID3v2.3/2.4 tag (ffmpeg writes one) keeps its frames; older marks in it are replaced. A tag we
// cannot read frame by frame (v2.2, unsynchronised) is replaced by a new v2.4 tag.
import { ascii, concat, fromUtf8, utf8 } from './bytes.ts';

export const TXXX_DESCRIPTION = 'DigitalSourceType';
const PRIV_OWNER = 'XMP';

export const isId3 = (b: Uint8Array): boolean => b.length >= 10 && ascii(b, 0, 3) === 'ID3';
/** An MPEG audio frame sync, or an ID3v2 tag. */
export const isMp3 = (b: Uint8Array): boolean => isId3(b) || (b.length >= 2 && b[0] === 0xff && (b[1]! & 0xe0) === 0xe0);

const syncsafe = (b: Uint8Array, at: number) => (b[at]! << 21) | (b[at + 1]! << 14) | (b[at + 2]! << 7) | b[at + 3]!;
const toSyncsafe = (n: number) => new Uint8Array([(n >>> 21) & 127, (n >>> 14) & 127, (n >>> 7) & 127, n & 127]);
const plain = (b: Uint8Array, at: number) => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
const toPlain = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

interface Frame {
  id: string;
  /** The whole frame, header included. */
  raw: Uint8Array;
  data: Uint8Array;
}

interface Tag {
  major: number;
  /** Frames, or null when the tag cannot be read frame by frame. */
  frames: Frame[] | null;
  /** Where the audio starts. */
  end: number;
}

function readTag(mp3: Uint8Array): Tag | null {
  if (!isId3(mp3)) return null;
  const major = mp3[3]!;
  const flags = mp3[5]!;
  const footer = major === 4 && flags & 0x10 ? 10 : 0;
  const end = 10 + syncsafe(mp3, 6) + footer;
  if ((major !== 3 && major !== 4) || flags & 0x80) return { major, frames: null, end };
  let at = 10;
  if (flags & 0x40) at += major === 4 ? syncsafe(mp3, 10) : plain(mp3, 10) + 4; // extended header
  const frames: Frame[] = [];
  while (at + 10 <= end - footer && mp3[at] !== 0) {
    const size = major === 4 ? syncsafe(mp3, at + 4) : plain(mp3, at + 4);
    if (at + 10 + size > end - footer) break;
    frames.push({ id: ascii(mp3, at, at + 4), raw: mp3.subarray(at, at + 10 + size), data: mp3.subarray(at + 10, at + 10 + size) });
    at += 10 + size;
  }
  return { major, frames, end };
}

const startsWith = (data: Uint8Array, text: string) => ascii(data, 0, text.length) === text;
const isOurPriv = (f: Frame) => f.id === 'PRIV' && startsWith(f.data, `${PRIV_OWNER}\0`);
/** TXXX: encoding byte, then the description; ours is ASCII, so Latin-1 and UTF-8 read alike. */
const isOurTxxx = (f: Frame) => f.id === 'TXXX' && (f.data[0] === 0 || f.data[0] === 3) && startsWith(f.data.subarray(1), `${TXXX_DESCRIPTION}\0`);

function frame(major: number, id: string, data: Uint8Array): Uint8Array {
  return concat([utf8(id), major === 4 ? toSyncsafe(data.length) : toPlain(data.length), new Uint8Array([0, 0]), data]);
}

/** The MP3 with the packet (PRIV "XMP") and the code (TXXX "DigitalSourceType") in its ID3v2 tag. */
export function writeMp3Xmp(mp3: Uint8Array, packet: string, digitalSourceType: string): Uint8Array {
  if (!isMp3(mp3)) throw new Error('not an MP3');
  const tag = readTag(mp3);
  const major = tag?.frames ? tag.major : 4;
  const kept = (tag?.frames ?? []).filter((f) => !isOurPriv(f) && !isOurTxxx(f)).map((f) => f.raw);
  // TXXX in ISO-8859-1 (encoding 0): the URI is ASCII, and every ID3v2 version reads it.
  const frames = concat([
    ...kept,
    frame(major, 'PRIV', concat([utf8(`${PRIV_OWNER}\0`), utf8(packet)])),
    frame(major, 'TXXX', concat([new Uint8Array([0]), utf8(`${TXXX_DESCRIPTION}\0${digitalSourceType}`)])),
  ]);
  const header = concat([utf8('ID3'), new Uint8Array([major, 0, 0]), toSyncsafe(frames.length)]);
  return concat([header, frames, mp3.subarray(tag?.end ?? 0)]);
}

/** The MP3's XMP packet (from PRIV "XMP"), or null. */
export function readMp3Xmp(mp3: Uint8Array): string | null {
  const priv = readTag(mp3)?.frames?.find(isOurPriv);
  return priv ? fromUtf8(priv.data.subarray(PRIV_OWNER.length + 1)) : null;
}

/** The TXXX "DigitalSourceType" value, or null. */
export function readMp3SourceType(mp3: Uint8Array): string | null {
  const txxx = readTag(mp3)?.frames?.find(isOurTxxx);
  return txxx ? fromUtf8(txxx.data.subarray(1 + TXXX_DESCRIPTION.length + 1)).replace(/\0+$/, '') : null;
}
