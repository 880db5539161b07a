// Starts the real server (the same entry as `npm start`) as a child process on a free port
// with a fresh temporary data folder; the page must already be built into dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** The built page the servers serve: dist/, or E2E_PUBLIC_DIR when parallel work builds elsewhere. */
export const BUILT_DIR = process.env.E2E_PUBLIC_DIR ?? join(ROOT, 'dist');

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200)); // timing-ok: poll interval of a poll with a deadline
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'persona-e2e-'));
  let log = '';
  // E2E_SERVER_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops (finding
  // where the browser layer's server time goes; not for CI).
  const profile = process.env.E2E_SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${resolve(process.env.E2E_SERVER_CPU_PROF)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // A finished site media library is copied from here instead of being rendered for every server.
      SITE_MEDIA_CACHE: join(ROOT, '.tmp', 'site-media-cache'),
      // Templates are made when a test first asks for one, from a shared cache.
      TEMPLATES_AT_START: 'false',
      TEMPLATE_CACHE: join(ROOT, '.tmp', 'template-cache'),
      PUBLIC_DIR: BUILT_DIR,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  // A test process that ends without stopping its servers (a failed probe script, an uncaught error)
  // takes them along: five left running were found beside a measurement here (2026-11-30).
  const killWithUs = () => child.kill('SIGKILL');
  process.once('exit', killWithUs);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => log).catch((err: unknown) => {
    process.off('exit', killWithUs);
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  return {
    url,
    port,
    dataDir,
    output: () => log,
    stop: async () => {
      process.off('exit', killWithUs);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
