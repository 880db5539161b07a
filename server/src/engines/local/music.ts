// The local music maker: the uploaded song, voice and instrumental mixed and loudness-normalised
// by ffmpeg into an MP3 with the lyrics in its tags. Spec §5: voice without an instrumental gives
// an a cappella take (the voice over a soft hum: the song low-passed far down); an instrumental
// without a voice gives a track without vocals (the song's centre, where vocals sit, removed,
// under the instrumental). No AI.
import { join } from 'node:path';
import { ffmpegInput, probe } from '../../media/ffmpeg.ts';
import type { EngineContext, EngineFile, MusicInput } from '../types.ts';
import { EngineInputError } from '../types.ts';
import { runFfmpeg } from './ffmpeg-progress.ts';

/** Streaming-service loudness. */
const LOUDNESS = 'loudnorm=I=-14:TP=-1.5:LRA=11';

export type MusicMix = 'full' | 'song' | 'a-cappella' | 'instrumental';

export function mixOf(input: Pick<MusicInput, 'voicePath' | 'instrumentalPath'>): MusicMix {
  if (input.voicePath && input.instrumentalPath) return 'full';
  if (input.voicePath) return 'a-cappella';
  if (input.instrumentalPath) return 'instrumental';
  return 'song';
}

/** The filter graph: inputs are 0 song, then voice and/or instrumental in that order. */
function graph(mix: MusicMix): string {
  const stereo = (i: number) => `[${i}:a]aformat=sample_rates=44100:channel_layouts=stereo`;
  switch (mix) {
    case 'song':
      return `${stereo(0)},${LOUDNESS}[out]`;
    case 'full':
      return `${stereo(0)}[s];${stereo(1)}[v];${stereo(2)}[i];[s][v][i]amix=inputs=3:duration=first:weights='1 0.9 0.8':normalize=1,${LOUDNESS}[out]`;
    case 'a-cappella':
      return `${stereo(0)},lowpass=f=220,lowpass=f=220,volume=0.35[hum];${stereo(1)}[v];[v][hum]amix=inputs=2:duration=first:weights='1 0.6':normalize=1,${LOUDNESS}[out]`;
    case 'instrumental':
      return `${stereo(0)},pan=stereo|c0=c0-c1|c1=c1-c0[s];${stereo(1)}[i];[i][s]amix=inputs=2:duration=longest:weights='1 0.7':normalize=1,${LOUDNESS}[out]`;
  }
}

export async function music(input: MusicInput, ctx: EngineContext): Promise<EngineFile> {
  ctx.signal.throwIfAborted();
  const mix = mixOf(input);
  const inputs = [input.songPath, ...(input.voicePath ? [input.voicePath] : []), ...(input.instrumentalPath ? [input.instrumentalPath] : [])];
  let durationS: number;
  let inputArgs: string[];
  try {
    // a-cappella follows the voice's length, every other mix the song's (or the longest).
    const lengths = await Promise.all(inputs.map(async (file) => (await probe(ctx.tools.ffprobe, file, ['audio'])).durationS));
    durationS = mix === 'a-cappella' ? lengths[1]! : mix === 'instrumental' ? Math.max(...lengths) : lengths[0]!;
    inputArgs = (await Promise.all(inputs.map((file) => ffmpegInput(file, ['audio'])))).flat();
  } catch (err) {
    throw new EngineInputError('Error reading file.', { cause: err });
  }
  ctx.progress(5);
  const out = join(ctx.workDir, 'song.mp3');
  await runFfmpeg({
    ffmpeg: ctx.tools.ffmpeg,
    signal: ctx.signal,
    durationS,
    onProgress: (p) => ctx.progress(5 + p * 0.93),
    args: [
      ...inputArgs,
      '-filter_complex', graph(mix), '-map', '[out]',
      '-metadata', 'title=Persona Studio song', '-metadata', `lyrics=${input.lyrics}`, '-metadata', 'comment=Made by the local engine (no AI)',
      '-id3v2_version', '3', '-c:a', 'libmp3lame', '-b:a', '192k', '-ar', '44100', '-f', 'mp3', out,
    ],
  });
  ctx.progress(100);
  return { path: out, mime: 'audio/mpeg' };
}
