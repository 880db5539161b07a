import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const mainFile = join(repoRoot, 'server/src/main.ts');
// tsx's loader by absolute URL: the child runs in a folder with no node_modules.
const tsxLoader = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts server/src/main.ts the way `npm run server` does, from another working folder. */
function startMain(env: NodeJS.ProcessEnv, cwd: string) {
  const child = spawn(process.execPath, ['--import', tsxLoader, mainFile], {
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

async function waitFor(url: string, timeoutMs = 20_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

describe('server/src/main.ts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ps-main-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from any folder, migrates, serves, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const run = startMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'state', PUBLIC_DIR: join(dir, 'no-build') }, dir);
    try {
      const res = await waitFor(`http://127.0.0.1:${port}/api/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ status: 'ok', engine: 'sqlite' });
      const page = await fetch(`http://127.0.0.1:${port}/face`);
      expect(page.status).toBe(503);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain(`http://127.0.0.1:${port}`);
    expect(run.output()).toContain('shutting down');
  });

  it('refuses to start with PORT=abc and says why', async () => {
    const run = startMain({ PORT: 'abc', DATA_DIR: 'state' }, dir);
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT must be a whole number from 1 to 65535 (got "abc")');
  });
});
