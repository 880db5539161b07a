// The scale-out settings: REDIS_URL and REDIS_PREFIX checked at start, and WORKER_CONCURRENCY's
// default by role (API processes with Redis run no jobs; `npm run worker` keeps 2 and needs 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config/index.ts';

describe('scale-out settings', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'config-redis-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('with REDIS_URL an API process queues only; a worker runs 2 jobs at once unless told', () => {
    const redis = { DATA_DIR: dir, REDIS_URL: 'redis://cache.internal:6379/1' };
    expect(loadConfig({ DATA_DIR: dir }).generation).toMatchObject({ workerConcurrency: 2, runJobs: true });
    expect(loadConfig({ DATA_DIR: dir }).redis).toBeNull();
    const api = loadConfig(redis);
    expect(api.redis).toEqual({ url: 'redis://cache.internal:6379/1', prefix: 'persona' });
    expect(api.generation).toMatchObject({ workerConcurrency: 0, runJobs: false });
    expect(loadConfig({ ...redis, WORKER_CONCURRENCY: '3' }).generation).toMatchObject({ workerConcurrency: 3, runJobs: true });
    expect(loadConfig({ ...redis, WORKER_CONCURRENCY: '3', RUN_JOBS: 'false' }).generation.runJobs).toBe(false);
    expect(loadConfig(redis, 'worker').generation).toMatchObject({ workerConcurrency: 2, runJobs: true });
    expect(() => loadConfig({ ...redis, WORKER_CONCURRENCY: '0' }, 'worker')).toThrow(/WORKER_CONCURRENCY must be a whole number from 1 to 32/);
  });

  it('refuses a REDIS_URL that is not redis:// or rediss://, and a prefix that is not a plain name', () => {
    for (const url of ['http://cache:6379', 'cache:6379', 'redis://cache/zero']) {
      expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: url })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://cache/zero' })).toThrow(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL: the database number/);
    expect(() => loadConfig({ DATA_DIR: dir, REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX must be 1 to 64 letters/);
    expect(loadConfig({ DATA_DIR: dir, REDIS_URL: 'rediss://u:p@cache:6380', REDIS_PREFIX: 'staging.eu' }).redis).toEqual({ url: 'rediss://u:p@cache:6380', prefix: 'staging.eu' });
  });
});
