// Issue 40: webhook signing secrets are kept sealed (AES-256-GCM under a key derived from the
// server secret, with a key id): the SQLite file and its WAL never hold `whsec_`, a secret kept in
// clear by an older version is sealed at start (its old bytes zeroed), a change of the server
// secret is carried by JWT_SECRET_PREVIOUS, and deliveries still verify with the standard library.
// Production takes https endpoints only, unless WEBHOOK_ALLOW_HTTP=true.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.ts';
import { secretBox } from '../../server/src/auth/secret-box.ts';
import { loadConfig, type Config } from '../../server/src/config/index.ts';
import type { App } from '../../server/src/types.ts';
import { captureLogger, testConfig } from './support/app.ts';
import { useTestDatabase, type TestDatabase } from './support/db.ts';
import { asUser, canceledJob, newEndpoint, newKey, receiver, type Received } from './support/developer.ts';
import { studioApp } from './support/studio.ts';
import { until } from './support/until.ts';

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);
const SECRET_C = 'c'.repeat(40);

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

/** The app over `database` with these settings (and config changes), logging into `lines`. */
async function appWith(database: TestDatabase, env: NodeJS.ProcessEnv, change: (config: Config) => Config = (c) => c): Promise<{ app: App; lines: Array<Record<string, unknown>> }> {
  const { logger, lines } = captureLogger();
  const app = await buildApp(change(testConfig(database, { WEBHOOK_RETRY_SCHEDULE: '1s', ...env })), { database, logger: logger as Logger });
  closers.push(() => app.close());
  await app.ready();
  return { app, lines };
}

/** Every byte SQLite keeps for the database: the file, its WAL and shared memory. */
function sqliteBytes(database: TestDatabase): Buffer {
  return Buffer.concat(['app.db', 'app.db-wal', 'app.db-shm'].map((f) => join(database.dataDir, f)).filter(existsSync).map((f) => readFileSync(f)));
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });

describe('webhook signing secrets at rest', () => {
  const database = useTestDatabase('sqlite');

  it('are sealed: no whsec_ in the SQLite file or its WAL, and deliveries verify with the secret shown once', async () => {
    const hook = await receiver();
    closers.push(hook.close);
    const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A });
    closers.push(() => t.app.close());
    const user = await t.user('sealed@example.com');
    const { key } = await newKey(t, user);
    const endpoint = await newEndpoint(t, user, hook.url);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const row = await t.app.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^sealed:v1:[0-9a-f]{12}:[A-Za-z0-9_-]+$/);
    expect(sqliteBytes(database.current).includes('whsec_')).toBe(false);
    expect(sqliteBytes(database.current).includes(endpoint.secret.slice(6, 30))).toBe(false);

    const jobId = await canceledJob(t, key);
    await until(() => hook.received.length >= 1, 'delivery');
    expect(verify(endpoint.secret, hook.received[0]!)).toMatchObject({ type: 'job.canceled', data: { job_id: jobId } });
    // Bound to its endpoint: the same sealed text does not open as another endpoint's.
    const box = secretBox('webhook signing secret', SECRET_A);
    expect(box.open(row.secret, endpoint.id)).toBe(endpoint.secret);
    expect(box.open(row.secret, 'another-endpoint')).toBeNull();
  });

  it('a secret an older version kept in clear is sealed at start, its old bytes gone from the file', async () => {
    const hook = await receiver();
    closers.push(hook.close);
    const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A });
    const user = await t.user('legacy@example.com');
    const { key } = await newKey(t, user);
    const legacy = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    await t.app.db.insertInto('webhook_endpoints').values({ id: 'legacy-endpoint', user_id: user.userId, url: hook.url, events: '["job.canceled"]', secret: legacy, created_at: new Date(t.clock.now()).toISOString() }).execute();
    // In the file itself, not only in the WAL (as it would be after any checkpoint).
    await sql`pragma wal_checkpoint(truncate)`.execute(t.app.db);
    await t.app.close();
    expect(readFileSync(join(database.current.dataDir, 'app.db')).includes(legacy)).toBe(true);

    const { app, lines } = await appWith(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A });
    expect(lines.some((l) => l.msg === 'webhook signing secrets sealed under the current server secret' && l.sealed === 1)).toBe(true);
    const row = await app.db.selectFrom('webhook_endpoints').select('secret').where('id', '=', 'legacy-endpoint').executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^sealed:v1:/);
    expect(sqliteBytes(database.current).includes('whsec_')).toBe(false);

    await canceledJob({ app }, key);
    await until(() => hook.received.length >= 1, 'delivery');
    expect(verify(legacy, hook.received[0]!)).toMatchObject({ type: 'job.canceled' });
  });

  it('a new server secret: JWT_SECRET_PREVIOUS opens what the old one sealed and the start seals it again; without it deliveries are given up', async () => {
    const hook = await receiver();
    closers.push(hook.close);
    const first = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A });
    const user = await first.user('rotate@example.com');
    const { key } = await newKey(first, user);
    const endpoint = await newEndpoint(first, user, hook.url);
    const underA = (await first.app.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow()).secret;
    await first.app.close();

    const rotated = await appWith(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_B, JWT_SECRET_PREVIOUS: SECRET_A });
    const underB = (await rotated.app.db.selectFrom('webhook_endpoints').select('secret').executeTakeFirstOrThrow()).secret;
    expect(underB.split(':')[2]).not.toBe(underA.split(':')[2]);
    expect(secretBox('webhook signing secret', SECRET_B).isCurrent(underB)).toBe(true);
    expect(rotated.lines.some((l) => String(l.msg).includes('JWT_SECRET_PREVIOUS any more: it can be removed'))).toBe(true);
    await rotated.app.close();

    // B alone reads it now.
    const after = await appWith(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_B });
    await canceledJob(after, key);
    await until(() => hook.received.length >= 1, 'delivery under B');
    expect(verify(endpoint.secret, hook.received[0]!)).toMatchObject({ type: 'job.canceled' });
    await after.app.close();

    // A secret nobody has: said at start, and the delivery is given up unsent.
    const lost = await appWith(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_C });
    expect(lost.lines.some((l) => l.level === 50 && String(l.msg).includes('set JWT_SECRET_PREVIOUS'))).toBe(true);
    await canceledJob(lost, key);
    const deliveries = async () => (await lost.app.db.selectFrom('webhook_deliveries').select(['status', 'last_error']).execute());
    await until(async () => (await deliveries()).some((d) => d.status === 'failed'), 'delivery given up');
    expect((await deliveries()).find((d) => d.status === 'failed')?.last_error).toMatch(/signing secret cannot be read/);
    expect(hook.received).toHaveLength(1);
  });
});

describe('webhooks in production', () => {
  const database = useTestDatabase('sqlite');

  it('take https endpoints only unless WEBHOOK_ALLOW_HTTP=true; the refusal names the setting', () => {
    const production = { NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true', DATA_DIR: database.current.dataDir, JWT_SECRET: SECRET_A };
    expect(loadConfig(production).developer.webhookAllowHttp).toBe(false);
    expect(loadConfig({ ...production, WEBHOOK_ALLOW_HTTP: 'true' }).developer.webhookAllowHttp).toBe(true);
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).developer.webhookAllowHttp).toBe(true);
  });

  it('an http endpoint is refused when made, and one made before is given up unsent', async () => {
    const hook = await receiver();
    closers.push(hook.close);
    const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A });
    const user = await t.user('https@example.com');
    const { key } = await newKey(t, user);
    await newEndpoint(t, user, hook.url);
    await t.app.close();

    // As in production without WEBHOOK_ALLOW_HTTP (the loopback receiver needs FETCH_ALLOW_HOSTS, which production refuses).
    const https = await appWith(database.current, { FETCH_ALLOW_HOSTS: hook.host, JWT_SECRET: SECRET_A }, (c) => ({ ...c, developer: { ...c.developer, webhookAllowHttp: false } }));
    const refused = await asUser(https, user, 'POST', '/api/webhook-endpoints', { url: hook.url });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'Webhook endpoints must use https:// in production (WEBHOOK_ALLOW_HTTP=true allows http://).', field: 'url' });
    expect(await https.app.db.selectFrom('webhook_endpoints').select('id').execute()).toHaveLength(1);

    await canceledJob(https, key);
    const failed = async () => https.app.db.selectFrom('webhook_deliveries').select('last_error').where('status', '=', 'failed').executeTakeFirst();
    await until(async () => (await failed()) !== undefined, 'delivery given up');
    expect((await failed())?.last_error).toMatch(/http:\/\/ endpoints are not sent to in production \(WEBHOOK_ALLOW_HTTP\)/);
    expect(hook.received).toEqual([]);
  });
});
