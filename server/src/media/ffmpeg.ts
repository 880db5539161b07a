import { spawn, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';

export const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
export const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';

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

/** Duration in seconds and the first video stream's size, from ffprobe. */
export async function probe(file: string): Promise<{ durationS: number; width: number; height: number; codec: string; pixFmt: string; audio: boolean }> {
  const json = JSON.parse(await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file])) as {
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
