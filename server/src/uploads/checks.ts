// Uploaded files are judged by what they are, not by their name or declared type: magic bytes,
// size, and a real decode (sharp for pictures with a pixel cap; ffprobe for audio, whose length
// must pass the spec's 15 s).
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { HttpError } from '../http-error.ts';
import { forcedFormat, run } from '../media/ffmpeg.ts';
import { audioTypeOf, imageTypeOf, readHead } from '../media/magic.ts';

export interface CheckedImage {
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  ext: 'png' | 'jpg' | 'webp';
  width: number;
  height: number;
}

/** A size limit as people read it: '10 MB', '1.5 MB', '300 KB'. */
export const sizeLabel = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** A garment picture: PNG, JPEG or WEBP by content, within the byte and pixel caps, and decodable to the end. */
export async function checkImageUpload(data: Buffer, limits: { maxBytes: number; maxPixels: number; label?: string; field?: string }): Promise<CheckedImage> {
  const label = limits.label ?? 'Garment image';
  const field = limits.field ?? 'cloth_image';
  if (data.length > limits.maxBytes) throw new HttpError(413, `${label} is too large (max ${sizeLabel(limits.maxBytes)}).`, field);
  const type = imageTypeOf(data);
  if (!type) throw new HttpError(400, `${label} must be PNG, JPEG or WEBP.`, field);
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
    if (tooBig) throw new HttpError(413, `${label} is too large (max ${Math.round(limits.maxPixels / 1e6)} megapixels).`, field);
    throw new HttpError(400, `${label} could not be read.`, field);
  }
  if (width < 16 || height < 16) throw new HttpError(400, `${label} is too small (at least 16 x 16 pixels).`, field);
  return { ...type, width, height };
}

export interface CheckedAudio {
  mime: 'audio/wav' | 'audio/mpeg';
  ext: 'wav' | 'mp3';
  durationS: number;
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
    // Read as the type its bytes say (never a playlist or concat list that ffprobe would guess),
    // decoded to the end (-count_packets): a header that claims minutes over a truncated body is caught.
    const json = JSON.parse(
      await run(limits.ffprobePath, ['-v', 'error', '-select_streams', 'a:0', '-count_packets', '-show_entries', 'format=duration,format_name:stream=codec_name,nb_read_packets', '-of', 'json', ...forcedFormat(type), file]),
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
