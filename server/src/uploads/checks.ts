// Uploaded files are judged by what they are, not by their name or declared type: magic bytes,
// size, and a real decode (sharp for pictures with a pixel cap; ffprobe for audio, whose length
// must pass the spec's 15 s).
import { open, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { HttpError } from '../http-error.ts';
import { run } from '../media/ffmpeg.ts';

export interface CheckedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/** The picture type of `head` by its magic bytes, or null. */
export function imageTypeOf(head: Buffer): Pick<CheckedImage, 'mime' | 'ext'> | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
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

/** A size limit as people read it: '10 MB', '1.5 MB', '300 KB'. */
export const sizeLabel = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** A garment picture: PNG, JPEG or WEBP by content, within the byte and pixel caps, and decodable to the end. */
export async function checkImageUpload(data: Buffer, limits: { maxBytes: number; maxPixels: number; label?: string }): Promise<CheckedImage> {
  const label = limits.label ?? 'Garment image';
  if (data.length > limits.maxBytes) throw new HttpError(413, `${label} is too large (max ${sizeLabel(limits.maxBytes)}).`, 'cloth_image');
  const type = imageTypeOf(data);
  if (!type) throw new HttpError(400, `${label} must be PNG, JPEG or WEBP.`, 'cloth_image');
  let width = 0;
  let height = 0;
  try {
    // limitInputPixels refuses a small file that declares a huge picture before it is decoded.
    const meta = await sharp(data, { limitInputPixels: limits.maxPixels }).metadata();
    width = meta.width ?? 0;
    height = meta.height ?? 0;
    if (width * height > limits.maxPixels) throw Object.assign(new Error('pixel cap'), { tooBig: true });
    // A full decode: a truncated or corrupt file fails here, not in the job.
    await sharp(data, { limitInputPixels: limits.maxPixels, failOn: 'truncated' }).raw().toBuffer();
  } catch (err) {
    const tooBig = (err as { tooBig?: boolean }).tooBig || /pixel limit/i.test((err as Error).message);
    if (tooBig) throw new HttpError(413, `${label} is too large (max ${Math.round(limits.maxPixels / 1e6)} megapixels).`, 'cloth_image');
    throw new HttpError(400, `${label} could not be read.`, 'cloth_image');
  }
  if (width < 16 || height < 16) throw new HttpError(400, `${label} is too small (at least 16 x 16 pixels).`, 'cloth_image');
  return { ...type, width, height };
}

export interface CheckedAudio {
  mime: 'audio/wav' | 'audio/mpeg';
  ext: 'wav' | 'mp3';
  durationS: number;
}

/** WAV (RIFF…WAVE) or MP3 (an ID3 tag or an MPEG audio frame sync) by content, or null. */
export function audioTypeOf(head: Buffer): Pick<CheckedAudio, 'mime' | 'ext'> | null {
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return { mime: 'audio/wav', ext: 'wav' };
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return { mime: 'audio/mpeg', ext: 'mp3' };
  // Frame sync: 11 set bits, MPEG version not 'reserved', layer III.
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x18) !== 0x08 && (head[1]! & 0x06) === 0x02) return { mime: 'audio/mpeg', ext: 'mp3' };
  return null;
}

/**
 * A song, voice or instrumental file (spec §5): .wav or .mp3 by content ('File must be .wav or
 * .mp3 format'), longer than `minSeconds` measured by decoding it ('File must be longer than 15
 * seconds'), readable ('Error reading file.'). Messages start with the file's label.
 */
export async function checkAudioUpload(file: string, limits: { maxBytes: number; ffprobePath: string; minSeconds: number; label: string; field?: string }): Promise<CheckedAudio> {
  const { label } = limits;
  const field = limits.field ?? label.toLowerCase().replace(' file', '_file');
  const { size } = await stat(file);
  if (size > limits.maxBytes) throw new HttpError(413, `${label}: file is too large (max ${sizeLabel(limits.maxBytes)}).`, field);
  const head = await readHead(file);
  const type = audioTypeOf(head);
  if (!type) throw new HttpError(400, `${label}: File must be .wav or .mp3 format`, field);
  let durationS: number;
  try {
    // Decoded to the end (-count_packets): a header that claims minutes over a truncated body is caught.
    const json = JSON.parse(
      await run(limits.ffprobePath, ['-v', 'error', '-select_streams', 'a:0', '-count_packets', '-show_entries', 'format=duration,format_name:stream=codec_name,nb_read_packets', '-of', 'json', file]),
    ) as { format?: { duration?: string; format_name?: string }; streams?: { codec_name?: string; nb_read_packets?: string }[] };
    const stream = json.streams?.[0];
    const format = json.format?.format_name ?? '';
    const expected = type.ext === 'wav' ? format.includes('wav') : format.includes('mp3');
    durationS = Number(json.format?.duration);
    if (!stream || !expected || !Number(stream.nb_read_packets) || !Number.isFinite(durationS)) throw new Error('unreadable');
  } catch {
    throw new HttpError(400, `${label}: Error reading file.`, field);
  }
  if (durationS <= limits.minSeconds) throw new HttpError(400, `${label}: File must be longer than ${limits.minSeconds} seconds`, field);
  return { ...type, durationS };
}
