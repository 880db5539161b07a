// XMP in a JPEG: an APP1 segment headed http://ns.adobe.com/xap/1.0/\0, after SOI and the leading
// APP0 (JFIF) / Exif APP1 segments; an older XMP segment is replaced.
import { ascii, concat, fromUtf8, utf8 } from './bytes.ts';

const XMP_HEADER = 'http://ns.adobe.com/xap/1.0/\0';
/** The segment length field counts itself: 2 + header + packet must fit in 16 bits. */
const MAX_PACKET = 0xffff - 2 - XMP_HEADER.length;

export const isJpeg = (b: Uint8Array): boolean => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

interface Segment {
  marker: number;
  start: number;
  end: number;
}

/** The marker segments before the scan (SOS and what follows are left as they are). */
function headerSegments(jpeg: Uint8Array): { segments: Segment[]; rest: number } {
  if (!isJpeg(jpeg)) throw new Error('not a JPEG');
  const segments: Segment[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length) {
    if (jpeg[at] !== 0xff) throw new Error('JPEG: a marker was expected');
    const marker = jpeg[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break; // SOS, EOI
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!;
    segments.push({ marker, start: at, end: at + 2 + length });
    at += 2 + length;
  }
  return { segments, rest: at };
}

const isXmpSegment = (jpeg: Uint8Array, s: Segment) => s.marker === 0xe1 && ascii(jpeg, s.start + 4, s.start + 4 + XMP_HEADER.length) === XMP_HEADER;
const isLeading = (jpeg: Uint8Array, s: Segment) => s.marker === 0xe0 || (s.marker === 0xe1 && ascii(jpeg, s.start + 4, s.start + 10) === 'Exif\0\0');

/** The JPEG with `packet` as its only XMP segment. */
export function writeJpegXmp(jpeg: Uint8Array, packet: string): Uint8Array {
  const body = concat([utf8(XMP_HEADER), utf8(packet)]);
  if (body.length - XMP_HEADER.length > MAX_PACKET) throw new Error('JPEG: the XMP packet is too large for one segment');
  const length = body.length + 2;
  const segment = concat([new Uint8Array([0xff, 0xe1, length >> 8, length & 255]), body]);
  const { segments, rest } = headerSegments(jpeg);
  const kept = segments.filter((s) => !isXmpSegment(jpeg, s));
  let lead = 0;
  while (lead < kept.length && isLeading(jpeg, kept[lead]!)) lead++;
  const slice = (s: Segment) => jpeg.subarray(s.start, s.end);
  return concat([jpeg.subarray(0, 2), ...kept.slice(0, lead).map(slice), segment, ...kept.slice(lead).map(slice), jpeg.subarray(rest)]);
}

/** The JPEG's XMP packet, or null. */
export function readJpegXmp(jpeg: Uint8Array): string | null {
  const found = headerSegments(jpeg).segments.find((s) => isXmpSegment(jpeg, s));
  return found ? fromUtf8(jpeg.subarray(found.start + 4 + XMP_HEADER.length, found.end)) : null;
}
