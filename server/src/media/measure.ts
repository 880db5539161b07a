// The size of a stored output (issue 45: every gallery card shows it): a picture's pixels from its
// header (sharp), a video's pixels and seconds or a song's seconds from ffprobe.
import sharp from 'sharp';
import { probe } from './ffmpeg.ts';

export interface MediaSize {
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
}

export const UNKNOWN_SIZE: MediaSize = { width: null, height: null, duration_seconds: null };

const positive = (n: number | undefined): number | null => (n !== undefined && Number.isFinite(n) && n > 0 ? Math.round(n) : null);
const seconds = (s: number): number | null => (Number.isFinite(s) && s >= 0 ? Math.round(s * 100) / 100 : null);

/** The file's size by its MIME type (image/*, video/*, audio/*). */
export async function measureMedia(file: string, mime: string, ffprobe: string): Promise<MediaSize> {
  if (mime.startsWith('image/')) {
    const meta = await sharp(file).metadata();
    const turned = (meta.orientation ?? 1) >= 5;
    return { width: positive(turned ? meta.height : meta.width), height: positive(turned ? meta.width : meta.height), duration_seconds: null };
  }
  const isVideo = mime.startsWith('video/');
  const probed = await probe(ffprobe, file, [isVideo ? 'video' : 'audio']);
  return isVideo ? { width: positive(probed.width), height: positive(probed.height), duration_seconds: seconds(probed.durationS) } : { ...UNKNOWN_SIZE, duration_seconds: seconds(probed.durationS) };
}
