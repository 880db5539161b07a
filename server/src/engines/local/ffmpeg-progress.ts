// ffmpeg with its progress: `-progress pipe:1` reports out_time_us as it encodes; the share of
// the output duration done goes to onProgress (0-100). Aborting the signal kills ffmpeg.
import { spawn } from 'node:child_process';

export interface FfmpegRun {
  ffmpeg: string;
  args: string[];
  /** The output's length in seconds (progress is out_time over it). */
  durationS: number;
  signal: AbortSignal;
  onProgress?: (percent: number) => void;
  /** Raw frames written to ffmpeg's stdin (for `-i pipe:0`), each awaited until the pipe takes more. */
  stdin?: AsyncIterable<Buffer>;
}

export function runFfmpeg({ ffmpeg, args, durationS, signal, onProgress, stdin }: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const child = spawn(ffmpeg, ['-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let pending = '';
    // A frame that cannot be made (the signal, a drawing error) ends ffmpeg: the run rejects with why.
    if (!stdin) child.stdin.end();
    else {
      feed(child.stdin, stdin).catch((err: unknown) => {
        stderr ||= String((err as Error)?.message ?? err);
        child.kill('SIGKILL');
      });
    }
    const onAbort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // Reports still in the pipe when a cancel arrives say nothing true any more.
        if (signal.aborted) return;
        const us = /^out_time_us=(\d+)/.exec(line)?.[1];
        if (us && durationS > 0) onProgress?.(Math.min(100, (Number(us) / 1e6 / durationS) * 100));
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', (err) => {
      signal.removeEventListener('abort', onAbort);
      reject(err);
    });
    child.once('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) reject(signal.reason);
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}

/** Writes each chunk, waiting for 'drain' when the pipe is full; ends the pipe after the last. A closed pipe (ffmpeg gone) stops it. */
async function feed(pipe: NodeJS.WritableStream & { destroyed?: boolean }, chunks: AsyncIterable<Buffer>): Promise<void> {
  pipe.on('error', () => undefined);
  for await (const chunk of chunks) {
    if (pipe.destroyed) return;
    if (pipe.write(chunk)) continue;
    await new Promise<void>((resolve) => {
      const done = () => (pipe.off('drain', done), pipe.off('close', done), resolve());
      pipe.on('drain', done).on('close', done);
    });
  }
  pipe.end();
}
