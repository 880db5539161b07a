// Issue 40: what the server keeps is private on disk. A fresh start makes DATA_DIR 0700 and the
// database (with its WAL and shared memory), the secret file and outbox mail 0600; a start on an
// older, wider DATA_DIR tightens it and says so once, for the API and the worker alike. Users'
// media is stored 0600 whatever mode its source had.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../../server/src/storage/local.ts';
import { freePort, startMain, waitFor } from './support/main-process.ts';
import { until } from './support/until.ts';

const modeOf = (path: string): string => `0${(statSync(path).mode & 0o777).toString(8)}`;

describe('data at rest', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ps-at-rest-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function serve(dataDir: string, check: (base: string) => Promise<void>): Promise<string> {
    const port = await freePort();
    const run = startMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_DIR: join(dir, 'no-build'), TEMPLATES_AT_START: 'false', LOG_LEVEL: 'info' }, dir);
    try {
      expect((await waitFor(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      await check(`http://127.0.0.1:${port}`);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    return run.output();
  }

  it('a fresh start: DATA_DIR 0700; the database, its WAL and shared memory, secret.key and outbox mail 0600', async () => {
    const dataDir = join(dir, 'fresh');
    const output = await serve(dataDir, async (base) => {
      const post = (path: string, body: object) => fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect((await post('/create_profile/', { email: 'modes@example.com', name: 'Mo Des', password: 'secret-pass' })).status).toBe(201);
      expect((await post('/send_otp/', { email: 'modes@example.com' })).status).toBe(200);
      expect(modeOf(join(dataDir, 'app.db-wal'))).toBe('0600');
      expect(modeOf(join(dataDir, 'app.db-shm'))).toBe('0600');
    });
    expect(output).not.toContain('DATA_DIR was open to other users');
    expect(modeOf(dataDir)).toBe('0700');
    expect(modeOf(join(dataDir, 'app.db'))).toBe('0600');
    expect(modeOf(join(dataDir, 'secret.key'))).toBe('0600');
    const mails = readdirSync(join(dataDir, 'outbox'));
    expect(mails.length).toBeGreaterThan(0);
    expect(modeOf(join(dataDir, 'outbox'))).toBe('0700');
    for (const mail of mails) expect(modeOf(join(dataDir, 'outbox', mail)), mail).toBe('0600');
    // Whatever else the start made (media folders, site media drawn in the background) is its own too.
    for (const entry of readdirSync(dataDir, { recursive: true }) as string[]) {
      const mode = statSync(join(dataDir, entry)).mode & 0o077;
      expect(mode, entry).toBe(0);
    }
  });

  it('an older, wider DATA_DIR is tightened at start and the log says so once; its database files too', async () => {
    const dataDir = join(dir, 'old');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const old = new SQLite(join(dataDir, 'app.db'));
    old.pragma('journal_mode = WAL');
    old.exec('create table leftover (x)');
    old.close();
    writeFileSync(join(dataDir, 'app.db-wal'), '');
    for (const file of ['app.db', 'app.db-wal']) chmodSync(join(dataDir, file), 0o644);
    expect(modeOf(dataDir)).toBe('0755');

    const output = await serve(dataDir, async () => {
      expect(modeOf(dataDir)).toBe('0700');
      expect(modeOf(join(dataDir, 'app.db'))).toBe('0600');
      // (SQLite removes the WAL at a clean close: looked at while the server runs.)
      expect(modeOf(join(dataDir, 'app.db-wal'))).toBe('0600');
    });
    expect(output.match(/DATA_DIR was open to other users \(0755\): it is now 0700/g)).toHaveLength(1);
  });

  it('the worker tightens a wider DATA_DIR as the API does', async () => {
    const dataDir = join(dir, 'worker');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o750);
    const run = startMain({ DATA_DIR: dataDir, LOG_LEVEL: 'info', WORKER_CONCURRENCY: '1' }, dir, 'worker');
    try {
      await until(() => run.output().includes('worker running jobs'), 'worker started', 30_000);
    } finally {
      run.child.kill('SIGTERM');
    }
    await run.exited;
    expect(run.output()).toContain('DATA_DIR was open to other users (0750): it is now 0700');
    expect(modeOf(dataDir)).toBe('0700');
    expect(modeOf(join(dataDir, 'app.db'))).toBe('0600');
  });

  it("users' media is stored 0600 even from a source other users could read", async () => {
    const source = join(dir, 'result.png');
    writeFileSync(source, 'not really a picture');
    chmodSync(source, 0o644);
    const storage = localStorage(join(dir, 'media'), '/media');
    await storage.put('gen/abc.png', source, 'image/png');
    expect(modeOf(join(dir, 'media', 'gen', 'abc.png'))).toBe('0600');
  });
});
