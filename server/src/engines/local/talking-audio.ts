// The talking character's sound: typed text spoken by Debian's espeak-ng (a program, in the face's
// gender), and any track read into a mouth shape per video frame: its loudness opens the mouth, its
// spectral balance (a high band against a low one, split by one-pole filters) makes it wide ('ee')
// or round ('oo'). Silence closes it.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TALK_MAX_SECONDS } from '../../../../contract/studio.ts';
import { ffmpegInput, run } from '../../media/ffmpeg.ts';
import type { EngineContext, Gender, Speech } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { clamp } from './images.ts';

/** The analysis rate: enough for speech bands up to 6 kHz. */
const RATE = 16_000;

/** espeak-ng's voice per gender: English with a female or male variant. */
const VOICE: Readonly<Record<Gender, string>> = { female: 'en-us+f3', male: 'en-us+m3' };

/**
 * Speaks `text` into a WAV in workDir with espeak-ng (no network): in a character's voice (issue 44:
 * its preset's espeak-ng voice, pitch and speed), else the face's gender picks it (female when unknown).
 */
export async function speak(text: string, gender: Gender | null, ctx: EngineContext, speech?: Speech): Promise<string> {
  const out = join(ctx.workDir, 'speech.wav');
  const voice = speech ? ['-v', speech.voice, '-p', String(speech.pitch), '-s', String(speech.speed)] : ['-v', VOICE[gender ?? 'female'], '-s', '160'];
  // The text follows `--` as one argument: never read as an option, never through a shell.
  await run(ctx.tools.espeak ?? 'espeak-ng', [...voice, '-w', out, '--', text], { signal: ctx.signal });
  ctx.signal.throwIfAborted();
  return out;
}

/**
 * The track a remote lip-sync model gets: the text spoken here first (espeak-ng), or the voice or
 * song cut to its first minute, as a WAV in workDir.
 */
export async function talkingTrack(input: { audioPath?: string; text?: string; gender: Gender | null; speech?: Speech }, ctx: EngineContext): Promise<string> {
  if (!input.audioPath) return speak(input.text ?? '', input.gender, ctx, input.speech);
  let source: string[];
  try {
    source = await ffmpegInput(input.audioPath, ['audio']);
  } catch (err) {
    throw new EngineInputError('Error reading file.', { cause: err });
  }
  const out = join(ctx.workDir, 'track.wav');
  await run(ctx.tools.ffmpeg, ['-nostdin', '-y', '-loglevel', 'error', ...source, '-t', String(TALK_MAX_SECONDS), '-ac', '1', '-ar', '44100', '-f', 'wav', out], { signal: ctx.signal });
  return out;
}

/** A track decoded to mono 16 kHz samples (its first minute), the format forced from its bytes. */
export async function decodeAudio(path: string, ctx: EngineContext): Promise<Float32Array> {
  let input: string[];
  try {
    input = await ffmpegInput(path, ['audio']);
  } catch (err) {
    throw new EngineInputError('Error reading file.', { cause: err });
  }
  const raw = join(ctx.workDir, 'samples.f32');
  await run(ctx.tools.ffmpeg, ['-nostdin', '-y', '-loglevel', 'error', ...input, '-t', String(TALK_MAX_SECONDS), '-ac', '1', '-ar', String(RATE), '-f', 'f32le', raw], { signal: ctx.signal });
  const bytes = await readFile(raw);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  if (samples.length < RATE / 10) throw new EngineInputError('Error reading file.');
  return samples;
}

export interface MouthFrame {
  /** 0 closed .. 1 wide open. */
  open: number;
  /** -1 round ('oo') .. 1 wide ('ee'). */
  width: number;
  /** The frame's loudness, 0..1 of the track's loudest (the head nods a little with it). */
  level: number;
}

/** One-pole low-pass coefficient for a cut-off frequency. */
const lowPass = (hz: number) => 1 - Math.exp((-2 * Math.PI * hz) / RATE);

/** The mouth per frame at `fps`, as many frames as the samples last. */
export function mouthFrames(samples: Float32Array, fps: number): MouthFrame[] {
  const hop = RATE / fps;
  const count = Math.max(1, Math.round(samples.length / hop));
  const energy = new Float64Array(count);
  const low = new Float64Array(count);
  const high = new Float64Array(count);
  const [aLow, aHigh] = [lowPass(900), lowPass(2500)];
  let [lp, lp2] = [0, 0];
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    lp += aLow * (s - lp);
    lp2 += aHigh * (s - lp2);
    const frame = Math.min(count - 1, Math.floor(i / hop));
    energy[frame]! += s * s;
    low[frame]! += lp * lp;
    const hp = s - lp2;
    high[frame]! += hp * hp;
  }
  const db = Array.from(energy, (e) => 10 * Math.log10(e / hop + 1e-12));
  const peak = Math.max(...db);
  const frames: MouthFrame[] = [];
  let open = 0;
  for (let f = 0; f < count; f += 1) {
    // Below -45 dBFS, or 36 dB under the loudest frame, is silence: the mouth closes.
    const floor = Math.max(-45, peak - 36);
    const target = db[f]! < floor ? 0 : clamp((db[f]! - floor) / 30);
    // Opens at once, closes over a few frames (lips do not snap shut).
    open = target > open ? target : open + (target - open) * 0.55;
    const balance = (high[f]! - low[f]!) / (high[f]! + low[f]! + 1e-12);
    frames.push({ open: open < 0.02 ? 0 : open, width: target > 0 ? clamp(balance * 1.5, -1, 1) : 0, level: clamp((db[f]! - floor) / 36) });
  }
  return frames;
}
