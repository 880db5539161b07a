// The local talking character (issue 32): one face picture and a track (a voice, the user's song,
// or typed text spoken by espeak-ng) in; an MP4 of the face speaking out, 25 fps, as long as the
// track (its first minute), H.264 with the track as AAC. The mouth and jaw follow the track's
// loudness and spectral balance frame by frame, the eyes blink and the head moves a little; silence
// closes the mouth. Landmarks by face-api's 68-point model (face-detect.ts); frames drawn in raw
// RGB (talking-face.ts) and piped to ffmpeg. No generative AI.
import { join } from 'node:path';
import { ffmpegInput } from '../../media/ffmpeg.ts';
import type { EngineContext, EngineFile, TalkingInput } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { faceDetector, type FaceDetector } from './face-detect.ts';
import { runFfmpeg } from './ffmpeg-progress.ts';
import { readPicture, seedOf } from './images.ts';
import { guessFaceBox } from './swap-image.ts';
import { decodeAudio, mouthFrames, speak, type MouthFrame } from './talking-audio.ts';
import { drawFrame, geometryOfBox, geometryOfLandmarks, type FaceGeometry, type FramePose } from './talking-face.ts';

export const TALK_FPS = 25;
/** The video's longer side at most (a larger face is drawn smaller). */
export const TALK_MAX_SIDE = 768;
/** A blink's lid, frame by frame (0.2 s). */
const BLINK = [0.45, 0.9, 1, 0.7, 0.3];

/** Where the face's parts are: the largest face's landmarks, or a guessed box when none is found or the model cannot load. */
export async function faceGeometry(pic: Awaited<ReturnType<typeof readPicture>>, signal: AbortSignal, detector: Pick<FaceDetector, 'faces'> = faceDetector): Promise<FaceGeometry> {
  try {
    const [largest] = (await detector.faces(pic, signal, { landmarks: true })).sort((a, b) => b.w * b.h - a.w * a.h);
    if (largest?.points) return geometryOfLandmarks(largest.points);
  } catch (err) {
    signal.throwIfAborted();
    process.emitWarning(`${(err as Error).message}; the talking character uses a guessed face box.`, { code: 'PERSONA_FACE_DETECT_FALLBACK' });
  }
  return geometryOfBox(guessFaceBox(pic.width, pic.height));
}

/** Each frame's pose: the mouth from the track, blinks every 2.5-5 s (the same for the same track length), a slow sway and a nod with the voice. */
export function poses(mouth: readonly MouthFrame[], width: number, height: number): FramePose[] {
  const blinkAt = new Set<number>();
  let next = Math.round(TALK_FPS * 1.2);
  for (let n = 0; next < mouth.length; n += 1) {
    blinkAt.add(next);
    next += Math.round(TALK_FPS * (2.5 + ((seedOf(`${mouth.length}:${n}`) % 1000) / 1000) * 2.5));
  }
  let level = 0;
  return mouth.map((m, f) => {
    const t = f / TALK_FPS;
    let blink = 0;
    for (let k = 0; k < BLINK.length; k += 1) if (blinkAt.has(f - k)) blink = BLINK[k]!;
    level += (m.level - level) * 0.2;
    return {
      open: m.open,
      width: m.width,
      blink,
      angle: 0.018 * Math.sin((2 * Math.PI * t) / 4.3) + 0.008 * Math.sin((2 * Math.PI * t) / 2.3 + 1),
      dx: 0.006 * width * Math.sin((2 * Math.PI * t) / 5.1),
      dy: 0.004 * height * Math.sin((2 * Math.PI * t) / 3.7) + 0.008 * height * level,
    };
  });
}

export async function talking(input: TalkingInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  const audioPath = input.audioPath ?? (input.text ? await speak(input.text, input.gender, ctx, input.speech) : undefined);
  if (!audioPath) throw new EngineInputError('Send an audio file, a song or text, not more than one.');
  const samples = await decodeAudio(audioPath, ctx);
  const still = await readPicture(input.facePath, ctx.signal, TALK_MAX_SIDE);
  const geometry = await faceGeometry(still, ctx.signal);
  ctx.progress(5);
  // H.264 in 4:2:0 wants even sides: the last row or column is left out.
  const width = still.width & ~1;
  const height = still.height & ~1;
  const frames = poses(mouthFrames(samples, TALK_FPS), width, height);
  const durationS = frames.length / TALK_FPS;
  async function* rgbFrames() {
    for (const pose of frames) {
      ctx.signal.throwIfAborted();
      const out = Buffer.allocUnsafe(width * height * 3);
      drawFrame(still, geometry, pose, out, width, height);
      yield out;
    }
  }
  const out = join(ctx.workDir, 'talking.mp4');
  await runFfmpeg({
    ffmpeg: ctx.tools.ffmpeg,
    signal: ctx.signal,
    durationS,
    onProgress: (p) => ctx.progress(5 + p * 0.93),
    stdin: rgbFrames(),
    args: [
      '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-r', String(TALK_FPS), '-i', 'pipe:0',
      ...(await ffmpegInput(audioPath, ['audio'])),
      '-map', '0:v', '-map', '1:a', '-t', durationS.toFixed(3),
      '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart', '-f', 'mp4', out,
    ],
  });
  ctx.progress(100);
  return { path: out, mime: 'video/mp4' };
}
