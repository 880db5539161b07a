// Real, tiny media for the fake ComfyUI to answer with: a PNG drawn by sharp, an H.264 MP4 and an
// MP3 made by ffmpeg, each a fraction of a second.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ComfyEngineOptions } from '../../../server/src/engines/comfyui/index.ts';
import { readWorkflows } from '../../../server/src/engines/comfyui/workflows.ts';

export interface Media {
  png: Buffer;
  mp4: Buffer;
  mp3: Buffer;
}

export async function makeMedia(dir: string): Promise<Media> {
  const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', ...args]);
  ffmpeg('-f', 'lavfi', '-i', 'color=c=red:s=64x64:d=0.2:r=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(dir, 'clip.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.2', '-c:a', 'libmp3lame', join(dir, 'tone.mp3'));
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0ffee' } }).png().toBuffer();
  return { png, mp4: readFileSync(join(dir, 'clip.mp4')), mp3: readFileSync(join(dir, 'tone.mp3')) };
}

/** Engine options for a fake at `url`: fast polling, the shipped workflows. */
export const engineOptions = (url: string, over: Partial<ComfyEngineOptions> = {}): ComfyEngineOptions => ({
  baseUrl: url,
  workflows: readWorkflows(null),
  jobTimeoutMs: 10_000,
  pollMs: 40,
  socketPollMs: 2_000,
  maxPollFailures: 3,
  ...over,
});

/** Resolves once the fake has `count` prompts, then runs `then` (cancel, restart, close mid-job). */
export async function whenQueued(prompts: readonly unknown[], count: number, then: () => unknown): Promise<void> {
  while (prompts.length < count) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 30));
  await then();
}

