// Engine tests: a fresh work folder per call under one root, and the progress each call reported.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineContext } from '../../../server/src/engines/types.ts';

export type TestContext = EngineContext & { seen: number[] };

export function contextMaker(root: () => string): (signal?: AbortSignal) => TestContext {
  let runs = 0;
  return (signal = new AbortController().signal) => {
    runs += 1;
    const workDir = join(root(), `run-${runs}`);
    mkdirSync(workDir);
    const seen: number[] = [];
    return { workDir, signal, seen, progress: (p) => seen.push(p), tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } };
  };
}
