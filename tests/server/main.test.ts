import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort, startMain, waitFor } from './support/main-process.ts';

describe('server/src/main.ts', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ps-main-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('starts from any folder, migrates, serves, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const run = startMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: 'state', PUBLIC_DIR: join(dir, 'no-build'), TEMPLATES_AT_START: 'false' }, dir);
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
