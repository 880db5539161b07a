// An outside clip's face track: frames sampled twice a second (at most SAMPLES_MAX over the clip),
// the largest face found in each by the face detector, the gaps held from the nearest sample that
// found one. The box keeps one size (the samples' median) so the pasted face never pulses.
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegInput } from '../../media/ffmpeg.ts';
import type { EngineContext, FaceBox, FaceTrack } from '../types.ts';
import { detectFaceBox, faceDetector, type FaceDetector } from './face-detect.ts';
import { runFfmpeg } from './ffmpeg-progress.ts';
import { readPicture } from './images.ts';

const SAMPLES_PER_SECOND = 2;
const SAMPLES_MAX = 60;
/** Frames are looked at this wide at most (the detector works at 416 px). */
const SAMPLE_WIDTH = 640;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Samples of `clip` at `fps` a second, one box each, in the clip's pixels; null when no sample
 * shows a face. `fps` is the track's own rate: its boxes are at times i / fps.
 */
export async function detectTrack(
  clip: string,
  info: { width: number; height: number; durationS: number },
  ctx: EngineContext,
  detector: Pick<FaceDetector, 'faces'> = faceDetector,
): Promise<FaceTrack | null> {
  const fps = Math.min(SAMPLES_PER_SECOND, SAMPLES_MAX / info.durationS);
  const width = Math.min(SAMPLE_WIDTH, info.width - (info.width % 2));
  const height = Math.max(2, 2 * Math.round((info.height * width) / info.width / 2));
  const dir = join(ctx.workDir, 'face-samples');
  await mkdir(dir);
  await runFfmpeg({
    ffmpeg: ctx.tools.ffmpeg,
    signal: ctx.signal,
    durationS: info.durationS,
    args: [...(await ffmpegInput(clip, ['video'])), '-vf', `fps=${fps.toFixed(4)},scale=${width}:${height}`, '-q:v', '3', join(dir, 'sample-%04d.jpg')],
  });
  const files = (await readdir(dir)).filter((f) => f.endsWith('.jpg')).sort();
  const found: Array<FaceBox | null> = [];
  for (const file of files) found.push(await detectFaceBox(await readPicture(join(dir, file), ctx.signal), ctx.signal, detector));
  const seen = found.flatMap((b) => (b ? [b] : []));
  if (seen.length === 0) return null;
  const scale = info.width / width;
  const [w, h] = [median(seen.map((b) => b.w)) * scale, median(seen.map((b) => b.h)) * scale];
  // Each sample's centre, a gap taking the nearest sample's that saw a face.
  const centres = found.map((_, i) => {
    let nearest: FaceBox | null = null;
    for (let d = 0; !nearest; d += 1) nearest = found[i - d] ?? found[i + d] ?? null;
    return [(nearest.x + nearest.w / 2) * scale, (nearest.y + nearest.h / 2) * scale] as const;
  });
  return { fps, width: info.width, height: info.height, boxes: centres.map(([cx, cy]) => ({ x: cx - w / 2, y: cy - h / 2, w, h })) };
}

