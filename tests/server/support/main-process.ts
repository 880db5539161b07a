// server/src/main.ts (and the job worker) as real processes, for tests of start-up, shutdown and crashes.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// tsx's loader by absolute URL: the child runs in a folder with no node_modules.
const tsxLoader = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts server/src/main.ts the way `npm run server` does (or the worker, as `npm run worker`), from another working folder. */
export function startMain(env: NodeJS.ProcessEnv, cwd: string, entry: 'main' | 'worker' = 'main') {
  const file = join(repoRoot, entry === 'main' ? 'server/src/main.ts' : 'server/src/jobs/worker.ts');
  const child = spawn(process.execPath, ['--import', tsxLoader, file], {
    cwd,
    env: { PATH: process.env.PATH, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitFor(url: string, timeoutMs = 90_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200)); // timing-ok: poll interval while the process starts listening, with a deadline
    }
  }
}
