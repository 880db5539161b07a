// The local image to video: a 5 s, 25 fps, 720p clip of the picture with a camera move read from
// the prompt (zoom in, zoom out, pan left/right/up/down; a slow zoom in otherwise). Landscape
// pictures give 1280x720, portrait ones 720x1280. H.264 MP4, no sound. No AI.
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { EngineContext, EngineFile, ImageToVideoInput } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { runFfmpeg } from './ffmpeg-progress.ts';

export const CLIP_SECONDS = 5;
export const CLIP_FPS = 25;
/** The still is drawn this much larger than the frame, so zooms and pans stay sharp. */
const STILL_SCALE = 1.25;

export type CameraMove = 'zoom-in' | 'zoom-out' | 'pan-left' | 'pan-right' | 'pan-up' | 'pan-down';

export function cameraMoveOf(prompt: string): CameraMove {
  const p = prompt.toLowerCase();
  if (/zoom(ing)?[ -]?out|pull(ing)? back|dolly out/.test(p)) return 'zoom-out';
  if (/pan(ning)?[ -]?left|to the left/.test(p)) return 'pan-left';
  if (/pan(ning)?[ -]?right|to the right/.test(p)) return 'pan-right';
  if (/pan(ning)?[ -]?up|tilt(ing)?[ -]?up|upward/.test(p)) return 'pan-up';
  if (/pan(ning)?[ -]?down|tilt(ing)?[ -]?down|downward/.test(p)) return 'pan-down';
  return 'zoom-in';
}

/** zoompan expressions for a move; p is eased progress 0..1 over the clip. */
function moveFilter(move: CameraMove, frames: number, w: number, h: number): string {
  const p = `(0.5-0.5*cos(PI*on/${frames - 1}))`;
  const zoom = 0.18;
  const centre = { x: `(iw-iw/zoom)/2`, y: `(ih-ih/zoom)/2` };
  const z = move === 'zoom-in' ? `1+${zoom}*${p}` : move === 'zoom-out' ? `${1 + zoom}-${zoom}*${p}` : `${1 + zoom}`;
  const x = move === 'pan-left' ? `(iw-iw/zoom)*(1-${p})` : move === 'pan-right' ? `(iw-iw/zoom)*${p}` : centre.x;
  const y = move === 'pan-up' ? `(ih-ih/zoom)*(1-${p})` : move === 'pan-down' ? `(ih-ih/zoom)*${p}` : centre.y;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=${frames}:s=${w}x${h}:fps=${CLIP_FPS},format=yuv420p`;
}

export async function imageToVideo(input: ImageToVideoInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  let meta: Metadata;
  try {
    meta = await sharp(input.imagePath).metadata();
  } catch (err) {
    throw new EngineInputError('The picture could not be read.', { cause: err });
  }
  const portrait = (meta.height ?? 0) > (meta.width ?? 0);
  const [w, h] = portrait ? [720, 1280] : [1280, 720];
  const still = join(ctx.workDir, 'still.png');
  // Cover the frame (cropping the picture's overflow), a little larger for the move.
  await sharp(input.imagePath).rotate().resize(Math.round(w * STILL_SCALE), Math.round(h * STILL_SCALE), { fit: 'cover' }).png({ compressionLevel: 1 }).toFile(still);
  ctx.signal.throwIfAborted();
  ctx.progress(5);
  const frames = CLIP_SECONDS * CLIP_FPS;
  const out = join(ctx.workDir, 'clip.mp4');
  await runFfmpeg({
    ffmpeg: ctx.tools.ffmpeg,
    signal: ctx.signal,
    durationS: CLIP_SECONDS,
    onProgress: (p) => ctx.progress(5 + p * 0.93),
    args: ['-i', still, '-vf', moveFilter(cameraMoveOf(input.prompt), frames, w, h), '-frames:v', String(frames), '-an',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-f', 'mp4', out],
  });
  ctx.progress(100);
  return { path: out, mime: 'video/mp4' };
}
