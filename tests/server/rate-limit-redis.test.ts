// Rate limits counted in Redis: with REDIS_URL pointing at a port nobody listens on, a limited route
// still answers past its limit (the check is skipped, never waited on), the app starts and closes,
// and the failing connection is logged once, not at every retry.
import { Redis } from 'ioredis';
import { Type } from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import { withErrors } from '../../contract/common.ts';
import { buildTestApp, captureLogger } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';
import { freePort } from './support/main-process.ts';
import { testPrefix } from './support/redis.ts';
import { until } from './support/until.ts';

describe('rate limits with Redis down', () => {
  const database = useTestDatabase('sqlite');

  // A check that waited on the dead Redis would hang these requests past the test's time-out.
  it('let requests through', { timeout: 15_000 }, async () => {
    const captured = captureLogger();
    // Every (re)connection attempt of the client (ioredis reconnects through connect()).
    const connects = vi.spyOn(Redis.prototype, 'connect');
    const { app } = await buildTestApp(database.current, {
      env: { REDIS_URL: `redis://127.0.0.1:${await freePort()}`, REDIS_PREFIX: testPrefix('rate-limit') },
      logger: captured.logger,
      extend: (app) =>
        app.get(
          '/api/test/limited',
          { config: { rateLimit: { max: 1, timeWindow: '1 minute' } }, schema: { response: withErrors({ 200: Type.Object({ ok: Type.Boolean() }) }, 429) } },
          async () => ({ ok: true }),
        ),
    });
    for (let i = 0; i < 3; i += 1) expect((await app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    // Retries fail meanwhile (50 ms, then longer): wait for three of them; one line says so.
    await until(() => connects.mock.calls.length >= 4, 'three reconnection attempts', 10_000);
    connects.mockRestore();
    await app.close();
    expect(captured.lines.filter((l) => l.msg === 'redis (rate-limit): connection problem, retrying')).toHaveLength(1);
  });
});
