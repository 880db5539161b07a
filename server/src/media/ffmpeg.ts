import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { mediaTypeOf, type FileClass, type MediaType } from './magic.ts';

const children = new Set<ChildProcess>();
// A server that exits mid-generation must not leave encoders running.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Runs a tool to completion; rejects with the end of its stderr on a non-zero exit. */
export function run(command: string, args: string[], options: { signal?: AbortSignal; nice?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    children.add(child);
    if (options.nice && child.pid !== undefined) {
      // Background work: requests keep the CPU when they need it.
      try {
        setPriority(child.pid, 10);
      } catch {
        // not permitted here: run at normal priority
      }
    }
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
    child.once('error', (error) => {
      children.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      children.delete(child);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} exited with ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** ffmpeg's demuxer for each type media/magic.ts knows. None of them opens another file or URL. */
const DEMUXER: Readonly<Record<string, string>> = { png: 'png_pipe', jpg: 'jpeg_pipe', webp: 'webp_pipe', mp4: 'mov', mov: 'mov', webm: 'matroska', wav: 'wav', mp3: 'mp3' };

/**
 * The options that go before an outside file (before its `-i` for ffmpeg): the format its bytes
 * say, forced, and no protocol but local files for anything a demuxer might open. Left to guess,
 * ffmpeg and ffprobe pick the format from the content: an "MP3" whose ID3 tag is followed by an
 * HLS playlist or an ffconcat list is read as that list, and the files it names are opened.
 */
export function forcedFormat(type: Pick<MediaType, 'ext'>): string[] {
  const demuxer = DEMUXER[type.ext];
  if (!demuxer) throw new Error(`no demuxer for .${type.ext}`);
  return ['-protocol_whitelist', 'file', '-f', demuxer];
}

/** ffmpeg's input options for an outside file of one of `kinds` (UnknownMediaError otherwise). */
export async function ffmpegInput(file: string, kinds: readonly FileClass[]): Promise<string[]> {
  return [...forcedFormat(await mediaTypeOf(file, kinds)), '-i', file];
}

/** Duration in seconds and the first video stream's size, from ffprobe (FFPROBE_PATH), the format forced from the file's bytes. */
export async function probe(ffprobe: string, file: string, kinds: readonly FileClass[] = ['video', 'audio']): Promise<{ durationS: number; width: number; height: number; codec: string; pixFmt: string; audio: boolean }> {
  const format = forcedFormat(await mediaTypeOf(file, kinds));
  const json = JSON.parse(await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...format, file])) as {
    format: { duration: string };
    streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string }>;
  };
  const video = json.streams.find((s) => s.codec_type === 'video');
  return {
    durationS: Number(json.format.duration),
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    codec: video?.codec_name ?? '',
    pixFmt: video?.pix_fmt ?? '',
    audio: json.streams.some((s) => s.codec_type === 'audio'),
  };
}
