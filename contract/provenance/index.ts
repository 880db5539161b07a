// The IPTC mark in a file of any kind we store or download: PNG, JPEG, MP4 or MP3, told apart by
// their first bytes. Pure (Uint8Array in and out): the server writes it on every output, the
// watermark worker copies it from the original into the re-encoded file.
import { isJpeg, readJpegXmp, writeJpegXmp } from './jpeg.ts';
import { isMp3, readMp3Xmp, writeMp3Xmp } from './mp3.ts';
import { isMp4, readMp4Xmp, writeMp4Xmp } from './mp4.ts';
import { isPng, readPngXmp, writePngXmp } from './png.ts';
import { readDigitalSourceType } from './xmp.ts';

export { buildXmpPacket, readCreatorTool, readDigitalSourceType, type XmpFacts } from './xmp.ts';

export type MarkableContainer = 'png' | 'jpeg' | 'mp4' | 'mp3';

export function containerOf(bytes: Uint8Array): MarkableContainer | null {
  if (isPng(bytes)) return 'png';
  if (isJpeg(bytes)) return 'jpeg';
  if (isMp4(bytes)) return 'mp4';
  if (isMp3(bytes)) return 'mp3';
  return null;
}

/** The file with `packet` as its XMP (an MP3 also gets the code as a TXXX frame). */
export function writeXmp(bytes: Uint8Array, packet: string): Uint8Array {
  switch (containerOf(bytes)) {
    case 'png':
      return writePngXmp(bytes, packet);
    case 'jpeg':
      return writeJpegXmp(bytes, packet);
    case 'mp4':
      return writeMp4Xmp(bytes, packet);
    case 'mp3':
      return writeMp3Xmp(bytes, packet, readDigitalSourceType(packet) ?? '');
    default:
      throw new Error('XMP: not a PNG, JPEG, MP4 or MP3 file');
  }
}

/** The file's XMP packet, or null when it has none (or is of another kind). */
export function readXmp(bytes: Uint8Array): string | null {
  const readers = { png: readPngXmp, jpeg: readJpegXmp, mp4: readMp4Xmp, mp3: readMp3Xmp };
  const container = containerOf(bytes);
  return container ? readers[container](bytes) : null;
}

/** Copies the original's XMP into `output` (a re-encoded copy); `output` as it is when there is none. */
export function carryXmp(original: Uint8Array, output: Uint8Array): Uint8Array {
  const packet = readXmp(original);
  return packet === null || containerOf(output) === null ? output : writeXmp(output, packet);
}
