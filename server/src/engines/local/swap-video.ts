// The local face swap into a video: the face's inner part, cut out with a feathered ellipse, is
// laid over every frame at the template's face track (for outside clips, the face detector's track
// from sampled frames, or a guessed box when it finds no face), in one ffmpeg pass. H.264 MP4; the
// clip's sound, if any, is copied.
import { join } from 'node:path';
import sharp from 'sharp';
import { ffmpegInput, probe } from '../../media/ffmpeg.ts';
import type { EngineContext, EngineFile, FaceBox, FaceTrack, SwapVideoInput } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { runFfmpeg } from './ffmpeg-progress.ts';
import { detectTrack } from './face-track.ts';
import { applyMask, clipBox, ellipseMask, readPicture } from './images.ts';
import { faceSpanOf } from './swap-image.ts';

/** Track positions are taken this far apart (at least every box) and joined by straight lines. */
const KEY_SECONDS = 0.2;

/** For outside clips: a face-sized box in the upper middle of the frame. */
export function guessTrack(width: number, height: number, fps: number): FaceTrack {
  const w = Math.round(Math.min(width, height) * 0.3);
  const h = Math.round(w * 1.2);
  return { fps, width, height, boxes: [{ x: Math.round((width - w) / 2), y: Math.round(height * 0.14), w, h }] };
}

/**
 * Piecewise-linear ffmpeg expression of one coordinate over the frame's time (held after the last
 * key). Box i of a track stands at i / fps seconds: a template's per-frame track and an outside
 * clip's samples alike.
 */
export function trackExpression(boxes: readonly FaceBox[], fps: number, pick: (b: FaceBox) => number): string {
  const at = `t*${Number(fps.toFixed(4))}`;
  const keyEvery = Math.max(1, Math.round(fps * KEY_SECONDS));
  const keys: number[] = [];
  for (let i = 0; i < boxes.length; i += keyEvery) keys.push(i);
  if (keys.at(-1) !== boxes.length - 1) keys.push(boxes.length - 1);
  let expr = String(Math.round(pick(boxes[keys.at(-1)!]!)));
  for (let k = keys.length - 2; k >= 0; k -= 1) {
    const a = keys[k]!;
    const b = keys[k + 1]!;
    const va = pick(boxes[a]!);
    const vb = pick(boxes[b]!);
    expr = `if(lt(${at},${b}),${va.toFixed(2)}+(${(vb - va).toFixed(2)})*(${at}-${a})/${b - a},${expr})`;
  }
  return expr;
}

/** The face's inner part as an RGBA PNG of the box's size, edges feathered. */
async function faceCutout(facePath: string, w: number, h: number, signal: AbortSignal): Promise<Buffer> {
  const pic = await readPicture(facePath, signal);
  const span = clipBox(faceSpanOf(pic), pic.width, pic.height);
  if (!span) throw new EngineInputError('The face picture could not be used.');
  const { data } = await sharp(pic.data, { raw: { width: pic.width, height: pic.height, channels: 4 } })
    .extract({ left: span.x, top: span.y, width: span.w, height: span.h })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  signal.throwIfAborted();
  return sharp(applyMask(data, ellipseMask(w, h)), { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
}

export async function swapVideo(input: SwapVideoInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.progress(2);
  let info: Awaited<ReturnType<typeof probe>>;
  let targetInput: string[];
  try {
    info = await probe(ctx.tools.ffprobe, input.targetPath, ['video']);
    targetInput = await ffmpegInput(input.targetPath, ['video']);
  } catch (err) {
    throw new EngineInputError('The video could not be read.', { cause: err });
  }
  if (!info.width || !info.height || !(info.durationS > 0)) throw new EngineInputError('The video could not be read.');
  const track = input.faceTrack ?? (await detectTrack(input.targetPath, info, ctx)) ?? guessTrack(info.width, info.height, 25);
  ctx.progress(5);
  const first = track.boxes[0];
  if (!first) throw new EngineInputError('The video has no face to replace.');
  // The track is in the template's frame size; a clip of another size scales it.
  const sx = info.width / track.width;
  const sy = info.height / track.height;
  const boxes = track.boxes.map((b) => ({ x: b.x * sx, y: b.y * sy, w: b.w * sx, h: b.h * sy }));
  const w = Math.max(2, Math.round(first.w * sx));
  const h = Math.max(2, Math.round(first.h * sy));
  const cutout = join(ctx.workDir, 'face-cutout.png');
  await sharp(await faceCutout(input.facePath, w, h, ctx.signal)).toFile(cutout);
  ctx.progress(8);

  const out = join(ctx.workDir, 'swapped.mp4');
  const x = trackExpression(boxes, track.fps, (b) => b.x);
  const y = trackExpression(boxes, track.fps, (b) => b.y);
  await runFfmpeg({
    ffmpeg: ctx.tools.ffmpeg,
    signal: ctx.signal,
    durationS: info.durationS,
    onProgress: (p) => ctx.progress(8 + p * 0.9),
    args: [
      ...targetInput, '-i', cutout,
      '-filter_complex', `[0:v][1:v]overlay=x='${x}':y='${y}':eval=frame:format=auto,format=yuv420p[v]`,
      '-map', '[v]', '-map', '0:a?', '-c:a', 'copy',
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-threads', '2', '-movflags', '+faststart', '-f', 'mp4', out,
    ],
  });
  ctx.progress(100);
  return { path: out, mime: 'video/mp4' };
}
