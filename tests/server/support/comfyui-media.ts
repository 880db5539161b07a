// Real, tiny media for the fake ComfyUI to answer with: a PNG drawn by sharp, an H.264 MP4 and an
// MP3 made by ffmpeg, each a fraction of a second.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { ComfyEngineOptions } from '../../../server/src/engines/comfyui/index.ts';
import { PromptWatcher } from '../../../server/src/engines/comfyui/watcher.ts';
import { readWorkflows } from '../../../server/src/engines/comfyui/workflows.ts';
import { until } from './until.ts';

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

/** The prompt ids the engine has begun to follow (it knows each id from then on: it can cancel it). */
let followed: Set<string> | null = null;
function followedPrompts(): Set<string> {
  if (followed) return followed;
  const seen = new Set<string>();
  const follow = PromptWatcher.prototype.follow;
  PromptWatcher.prototype.follow = function (this: PromptWatcher, promptId, options) {
    seen.add(promptId);
    return follow.call(this, promptId, options);
  };
  return (followed = seen);
}

/**
 * Resolves once the fake has `count` prompts and the engine follows each of them (it has their ids),
 * then runs `then` (cancel, restart, close mid-job). Call it before the job reaches its prompt.
 */
export async function whenQueued(prompts: ReadonlyArray<{ id: string }>, count: number, then: () => unknown): Promise<void> {
  const seen = followedPrompts();
  await until(() => prompts.length >= count && prompts.slice(0, count).every((p) => seen.has(p.id)), `${count} prompt(s) queued and followed`, 10_000);
  await then();
}

