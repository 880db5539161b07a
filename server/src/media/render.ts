// Turns one manifest entry into files: WebP images with sharp, H.264 clips with ffmpeg.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import sharp from 'sharp';
import type { SiteMediaEntry, SiteMediaVideo } from '../../../contract/site-media.ts';
import { siteMediaSvg } from './art/compositions.ts';
import { createRng } from './art/random.ts';
import { run } from './ffmpeg.ts';

const FPS = 25;
/** Videos pan over a still drawn this much larger than the frame, so the zoom stays sharp. */
const STILL_SCALE = 1.5;

/** A temporary name beside the target: the final rename is atomic on the same filesystem. */
export function tempPath(file: string): string {
  return `${file}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Writes through a temporary file, so a reader never sees half a file. */
export async function writeAtomically(file: string, write: (tmp: string) => Promise<unknown>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const tmp = tempPath(file);
  try {
    await write(tmp);
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

export async function renderImage(entry: SiteMediaEntry, file: string): Promise<void> {
  const svg = Buffer.from(siteMediaSvg(entry));
  await writeAtomically(file, (tmp) =>
    sharp(svg).resize(entry.width, entry.height, { fit: 'cover' }).webp({ quality: 82, effort: 4 }).toFile(tmp),
  );
}

/** The video's poster: its still at frame size, which is also the clip's first frame. */
export async function renderPoster(video: SiteMediaVideo, file: string): Promise<void> {
  const svg = Buffer.from(siteMediaSvg(video));
  await writeAtomically(file, (tmp) => sharp(svg).resize(video.width, video.height, { fit: 'cover' }).webp({ quality: 82, effort: 4 }).toFile(tmp));
}

/**
 * A slow Ken Burns move over the still: zoom from 1.0 to about 1.12 with an eased drift whose
 * direction comes from the seed, encoded by `ffmpeg` (FFMPEG_PATH). No audio track: the pages play these muted.
 */
export async function renderVideo(video: SiteMediaVideo, file: string, ffmpeg: string, signal?: AbortSignal): Promise<void> {
  const rng = createRng(video.seed ^ 0x85ebca6b);
  const frames = Math.round(video.durationS * FPS);
  const zoom = rng.range(0.1, 0.14).toFixed(3);
  const ax = rng.range(-0.8, 0.8).toFixed(3);
  const ay = rng.range(-0.6, 0.6).toFixed(3);
  // Eased progress 0..1 over the clip.
  const p = `(0.5-0.5*cos(PI*on/${frames - 1}))`;
  const filter =
    `zoompan=z='1+${zoom}*${p}':x='(iw-iw/zoom)*(0.5+${ax}*(${p}-0.5))':y='(ih-ih/zoom)*(0.5+${ay}*(${p}-0.5))'` +
    `:d=${frames}:s=${video.width}x${video.height}:fps=${FPS},format=yuv420p`;
  const stillFile = tempPath(`${file}.still.png`);
  await mkdir(dirname(file), { recursive: true });
  try {
    await sharp(Buffer.from(siteMediaSvg(video, STILL_SCALE))).png({ compressionLevel: 1 }).toFile(stillFile);
    await writeAtomically(file, (tmp) =>
      run(
        ffmpeg,
        ['-nostdin', '-y', '-loglevel', 'error', '-i', stillFile, '-vf', filter, '-frames:v', String(frames), '-an',
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28', '-pix_fmt', 'yuv420p', '-threads', '1',
          '-movflags', '+faststart', '-f', 'mp4', tmp],
        { signal, nice: true },
      ),
    );
  } finally {
    await rm(stillFile, { force: true });
  }
}
