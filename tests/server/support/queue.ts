// Queue tests: a recording face engine, and what a queue of one process needs around it.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '../../../server/src/config/index.ts';
import type { JobsRepository } from '../../../server/src/db/repositories/jobs.ts';
import type { EngineRegistry } from '../../../server/src/engines/registry.ts';
import type { EngineContext, FaceResult } from '../../../server/src/engines/types.ts';
import { templateFiles } from '../../../server/src/jobs/templates.ts';
import { templateLibraryOf } from '../../../server/src/templates/library.ts';
import { localStorage } from '../../../server/src/storage/local.ts';

/** A 1x1 PNG: the runner writes the AI marks into every output, so it must be a real one. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

/** A face engine that records the prompts in the order it starts them; the first run waits for `open`. */
export function recordingEngine() {
  const started: string[] = [];
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const engines: EngineRegistry = {
    close: async () => undefined,
    preflight: async () => [],
    unavailable: () => null,
    for: () => ({
      engine: 'recording',
      async handler(input: { prompt?: string }, ctx: EngineContext): Promise<FaceResult> {
        started.push(input.prompt ?? '');
        if (started.length === 1) await gate;
        const path = join(ctx.workDir, 'face.png');
        await writeFile(path, PNG);
        return { path, mime: 'image/png', facePrompt: 'recorded' };
      },
    }) as ReturnType<EngineRegistry['for']>,
  };
  return { started, engines, open: () => open() };
}

/** A queue's dependencies in a test's data folder (no signer: outputs carry the IPTC mark only); leaseMs and concurrency are the test's. */
export function queueDeps(dataDir: string, repo: JobsRepository, engines: EngineRegistry) {
  const config = loadConfig({ DATA_DIR: dataDir });
  return {
    repo,
    storage: localStorage(config.mediaDir, config.mediaBaseUrl),
    engines,
    templates: templateFiles(templateLibraryOf(config)),
    generation: config.generation,
    log: pino({ level: 'silent' }),
    now: Date.now,
    onSettled: () => undefined,
    signer: null,
  };
}
