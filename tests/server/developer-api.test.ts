// The developer API (issue 30) over real HTTP: personal API keys (creation, use without the
// security-key header, listing without secrets, refusal on account/key/webhook/billing routes,
// revocation at once) and webhooks (deliveries verified with the standardwebhooks package's own
// verifier, retries after 5xx with one webhook-id, 410 disabling, SSRF refusals at creation and at
// delivery, a restart between retries, two processes on one Postgres sending each delivery once).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { API_KEY_REFUSED } from '../../contract/developer.ts';
import { loadConfig } from '../../server/src/config/index.ts';
import { engines, useTestDatabase, type TestDatabase } from './support/db.ts';
import { asUser, canceledJob, count, newEndpoint, newKey, receiver, withKey, type Received } from './support/developer.ts';
import { studioApp, type StudioApp, type StudioUser } from './support/studio.ts';
import { until } from './support/until.ts';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

async function app(database: TestDatabase, env: NodeJS.ProcessEnv = {}): Promise<StudioApp> {
  const t = await studioApp(database, { WEBHOOK_RETRY_SCHEDULE: '1s,1s', ...env });
  closers.push(() => t.app.close());
  return t;
}

describe.each(engines)('API keys on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('a key is shown once, kept as its hash, listed without secrets, works without the security-key header and dies at once when revoked', async () => {
    const t = await app(database.current);
    const u = await t.user('dev@example.com');
    const created = await newKey(t, u);
    expect(created.key).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.key.slice(4), 'base64url')).toHaveLength(32);
    const row = await t.app.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const list = await asUser(t, u, 'GET', '/api/keys');
    expect(list.statusCode).toBe(200);
    const keys = list.json().keys as Array<Record<string, unknown>>;
    expect(keys).toEqual([{ id: created.id, name: 'agency CMS', prefix: created.key.slice(0, 12), created_at: expect.any(String), last_used_at: null }]);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(row.key_hash);

    // A generation call and the job routes, as the key's owner, with no security-key header.
    const made = await withKey(t, created.key, 'POST', '/api/generate-face-prompt/', { prompt: 'freckles', user_id: u.userId }, { prefer: 'respond-async' });
    expect(made.statusCode, made.body).toBe(202);
    const jobId = made.json().job_id as string;
    expect((await withKey(t, created.key, 'GET', `/api/jobs/${jobId}`)).json().job_id).toBe(jobId);
    expect((await withKey(t, created.key, 'GET', '/api/jobs')).json().jobs).toHaveLength(1);
    expect((await withKey(t, created.key, 'POST', '/api/gallery/', {})).statusCode).toBe(200);
    // user_id rules unchanged: another user's id in the body is refused.
    expect((await withKey(t, created.key, 'POST', '/api/generate-face-prompt/', { prompt: 'x', user_id: 'someone-else' })).statusCode).toBe(403);
    // last_used_at moved (once: at most once a minute).
    const used = (await asUser(t, u, 'GET', '/api/keys')).json().keys[0].last_used_at as string;
    expect(used).toBe(new Date(t.clock.now()).toISOString());
    t.clock.advance(30_000);
    await withKey(t, created.key, 'GET', '/api/jobs');
    expect((await asUser(t, u, 'GET', '/api/keys')).json().keys[0].last_used_at).toBe(used);
    t.clock.advance(31_000);
    await withKey(t, created.key, 'GET', '/api/jobs');
    expect((await asUser(t, u, 'GET', '/api/keys')).json().keys[0].last_used_at).toBe(new Date(t.clock.now()).toISOString());

    // Another user's jobs stay another user's.
    const other = await t.user('other@example.com');
    expect((await withKey(t, created.key, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(200);
    expect((await asUser(t, other, 'GET', `/api/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await asUser(t, other, 'DELETE', `/api/keys/${created.id}`)).statusCode).toBe(404);

    expect((await asUser(t, u, 'DELETE', `/api/keys/${created.id}`)).statusCode).toBe(204);
    const after = await withKey(t, created.key, 'GET', `/api/jobs/${jobId}`);
    expect(after.statusCode).toBe(401);
    expect((await asUser(t, u, 'GET', '/api/keys')).json().keys).toEqual([]);
    expect((await asUser(t, u, 'DELETE', `/api/keys/${created.id}`)).statusCode).toBe(404);
  });

  it('a key is refused with 403 on account, key, webhook and billing routes; a bad name stores nothing', async () => {
    const t = await app(database.current);
    const u = await t.user('refuse@example.com');
    const { key } = await newKey(t, u);
    const refused: Array<['GET' | 'POST' | 'DELETE', string, object?]> = [
      ['POST', '/api/get_profiles/', { user_id: u.userId }],
      ['POST', '/api/update_profile/', { user_id: u.userId, name: 'Mallory' }],
      ['POST', '/api/delete-profile/', { user_id: u.userId, email: 'refuse@example.com' }],
      ['GET', '/api/keys'],
      ['POST', '/api/keys', { name: 'another' }],
      ['POST', '/api/webhook-endpoints', { url: 'https://example.com/hook' }],
      ['GET', '/api/webhook-endpoints'],
      ['POST', '/api/get_current_plan/', { user_id: u.userId }],
    ];
    for (const [method, url, payload] of refused) {
      const res = await withKey(t, key, method, url, payload);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, { error: API_KEY_REFUSED }]);
    }
    expect(await count(t, 'api_keys')).toBe(1);
    expect(await count(t, 'webhook_endpoints')).toBe(0);
    // The account is still there (delete-profile was refused).
    expect((await asUser(t, u, 'POST', '/api/get_profiles/', { user_id: u.userId })).statusCode).toBe(200);

    for (const name of ['', '   ', 'a@b', 'x'.repeat(81)]) expect((await asUser(t, u, 'POST', '/api/keys', { name })).statusCode, name).toBe(400);
    expect((await withKey(t, 'psk_' + 'A'.repeat(43), 'GET', '/api/jobs')).statusCode).toBe(401);
    expect(await count(t, 'api_keys')).toBe(1);
  });

  it('each key has its own rate limit', async () => {
    const t = await app(database.current, { API_KEY_RATE_PER_MINUTE: '3' });
    const u = await t.user('rate@example.com');
    const a = await newKey(t, u, 'a');
    const b = await newKey(t, u, 'b');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await withKey(t, a.key, 'GET', '/api/jobs')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await withKey(t, b.key, 'GET', '/api/jobs')).statusCode).toBe(200);
    expect((await asUser(t, u, 'GET', '/api/jobs')).statusCode).toBe(200);
  });
});

describe.each(engines)('webhooks on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('refuses private, loopback and metadata URLs (SSRF guard) and stores nothing; the secret is shown once', async () => {
    const t = await app(database.current);
    const u = await t.user('ssrf@example.com');
    for (const url of ['http://127.0.0.1:9/x', 'http://localhost/x', 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.5/x', 'http://[::1]/x', 'ftp://example.com/x', 'not a url']) {
      const res = await asUser(t, u, 'POST', '/api/webhook-endpoints', { url });
      expect([url, res.statusCode, res.json().field]).toEqual([url, 400, 'url']);
    }
    expect((await asUser(t, u, 'POST', '/api/webhook-endpoints', { url: 'https://example.com/x', events: ['job.exploded'] })).statusCode).toBe(400);
    expect(await count(t, 'webhook_endpoints')).toBe(0);

    const made = await newEndpoint(t, u, 'http://93.184.215.14/hooks', ['job.succeeded']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await asUser(t, u, 'GET', '/api/webhook-endpoints');
    expect(list.json()).toEqual({ endpoints: [{ id: made.id, url: 'http://93.184.215.14/hooks', events: ['job.succeeded'], disabled: false, last_delivery: null }] });
    expect(list.body).not.toContain(made.secret);
    const other = await t.user('ssrf-other@example.com');
    expect((await asUser(t, other, 'GET', `/api/webhook-endpoints/${made.id}/deliveries`)).statusCode).toBe(404);
    expect((await asUser(t, other, 'DELETE', `/api/webhook-endpoints/${made.id}`)).statusCode).toBe(404);
    expect((await asUser(t, u, 'DELETE', `/api/webhook-endpoints/${made.id}`)).statusCode).toBe(204);
    expect(await count(t, 'webhook_endpoints')).toBe(0);
  });

  it('delivers job.canceled signed per Standard Webhooks (verified by the reference verifier), retries 5xx with one webhook-id, then succeeds', async () => {
    const hook = await receiver([500, 503, 200]);
    closers.push(hook.close);
    const t = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await t.user('hooks@example.com');
    const { key } = await newKey(t, u);
    const endpoint = await newEndpoint(t, u, hook.url);
    const jobId = await canceledJob(t, key);

    const deliveries = async () => (await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries as Array<{ attempts: number; next_at: string | null }>;
    await until(() => hook.received.length >= 1, 'first attempt');
    for (let attempt = 2; attempt <= 3; attempt += 1) {
      // The retry is due from the clock's time when the sender records the failed answer, which may
      // come after the receiver saw the request: the clock moves only once it is recorded.
      await until(async () => (await deliveries()).some((d) => d.attempts === attempt - 1 && d.next_at !== null), `attempt ${attempt - 1} recorded`);
      t.clock.advance(1_200);
      await until(() => hook.received.length >= attempt, `attempt ${attempt}`);
    }
    const ids = new Set(hook.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const verifier = new Webhook(endpoint.secret);
    for (const r of hook.received) {
      const payload = verifier.verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) });
      expect(payload).toMatchObject({ type: 'job.canceled', data: { job_id: jobId, status: 'canceled' } });
    }
    // webhook-timestamp: whole seconds of each attempt's own time (the clock moved 1.2 s twice).
    expect(hook.received.map((r) => Number(r.headers['webhook-timestamp']))).toEqual([0, 1, 2].map((i) => Math.floor((t.clock.now() - 2_400 + i * 1_200) / 1000)));
    // A tampered body fails the reference verifier.
    const first = hook.received[0]!;
    expect(() => verifier.verify(first.body.replace('canceled', 'succeeded'), { 'webhook-id': String(first.headers['webhook-id']), 'webhook-timestamp': String(first.headers['webhook-timestamp']), 'webhook-signature': String(first.headers['webhook-signature']) })).toThrow();
    // The body's data is the job's view, as GET /api/jobs/{id} gives it.
    const view = (await withKey(t, key, 'GET', `/api/jobs/${jobId}`)).json();
    expect(JSON.parse(first.body).data).toEqual(view);

    await until(async () => (await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries[0]?.status === 'succeeded', 'delivery recorded');
    const [delivery] = (await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries as Array<Record<string, unknown>>;
    expect(delivery).toMatchObject({ id: first.headers['webhook-id'], event: 'job.canceled', status: 'succeeded', attempts: 3, response_status: 200, next_at: null });
    expect((await asUser(t, u, 'GET', '/api/webhook-endpoints')).json().endpoints[0].last_delivery).toEqual({ status: 'succeeded', at: expect.any(String) });
    // Announcing the same job again adds nothing; the sweep finds nothing to do.
    expect(await t.app.webhooks.announce.job(jobId)).toBe(0);
    await t.app.webhooks.sweep();
    expect(await count(t, 'webhook_deliveries')).toBe(1);

    // A job whose announcement was lost (its process stopped first) is found by the sweep.
    await t.app.db.deleteFrom('webhook_deliveries').execute();
    await t.app.webhooks.sweep();
    await until(() => hook.received.length === 4, 'the swept job delivered');
    expect(hook.received[3]!.headers['webhook-id']).not.toBe(first.headers['webhook-id']);
    expect(JSON.parse(hook.received[3]!.body)).toMatchObject({ type: 'job.canceled', data: { job_id: jobId } });
  });

  it('a batch run to the end with the local engine sends job.succeeded for each job and one batch.completed with the batch view', async () => {
    const hook = await receiver([200]);
    closers.push(hook.close);
    const t = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await t.user('batchhooks@example.com');
    const { key } = await newKey(t, u);
    const endpoint = await newEndpoint(t, u, hook.url);
    const only = await newEndpoint(t, u, hook.url, ['batch.completed']);
    const made = await withKey(t, key, 'POST', '/api/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'red hair' }, { prompt: 'green eyes' }] });
    expect(made.statusCode, made.body).toBe(202);
    const batchId = made.json().batch_id as string;
    await until(() => hook.received.length >= 4, 'two job events and two batch events', 120_000);
    const verify = (r: Received, secret: string) =>
      new Webhook(secret).verify(r.body, { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) }) as { type: string; data: Record<string, unknown> };
    const bySecret = (r: Received) => {
      try {
        return { endpoint: 'all', ...verify(r, endpoint.secret) };
      } catch {
        return { endpoint: 'batch-only', ...verify(r, only.secret) };
      }
    };
    const events = hook.received.map(bySecret);
    expect(events.map((e) => `${e.endpoint} ${e.type}`).sort()).toEqual(['all batch.completed', 'all job.succeeded', 'all job.succeeded', 'batch-only batch.completed']);
    const view = (await withKey(t, key, 'GET', `/api/batches/${batchId}`)).json();
    expect(view.succeeded).toBe(2);
    for (const e of events.filter((x) => x.type === 'batch.completed')) expect(e.data).toEqual(view);
    // Nothing more is sent: every announcement made its deliveries and the sender has nothing due.
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(4);
  });

  it('webhooks.idle() waits for an announcement and a due retry to be attempted, and not for a retry not yet due', async () => {
    const hook = await receiver([500, 200]);
    closers.push(hook.close);
    const t = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await t.user('idle@example.com');
    const { key } = await newKey(t, u);
    await newEndpoint(t, u, hook.url);
    await canceledJob(t, key);
    // The job's settled signal may come after its status reads canceled: wait for the delivery it
    // makes, then idle() waits for the attempt under way.
    await until(async () => (await count(t, 'webhook_deliveries')) === 1, 'delivery made');
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(1);
    const pending = await t.app.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    // The retry is 1-1.1 s away on the app's clock: not due, so idle() does not send it.
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(1);
    t.clock.advance(1_200);
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(2);
    expect(await t.app.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow()).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('a 410 disables the endpoint: nothing more is sent to it', async () => {
    const hook = await receiver([410]);
    closers.push(hook.close);
    const t = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await t.user('gone@example.com');
    const { key } = await newKey(t, u);
    await newEndpoint(t, u, hook.url);
    await canceledJob(t, key);
    await until(async () => (await asUser(t, u, 'GET', '/api/webhook-endpoints')).json().endpoints[0].disabled === true, 'endpoint disabled');
    const [endpoint] = (await asUser(t, u, 'GET', '/api/webhook-endpoints')).json().endpoints as Array<Record<string, unknown>>;
    expect(endpoint).toMatchObject({ disabled: true, last_delivery: { status: 'failed' } });
    await canceledJob(t, key);
    t.clock.advance(5_000);
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(1);
    expect(await count(t, 'webhook_deliveries')).toBe(1);
  });

  it('a delivery survives a restart between retries and keeps its webhook-id; the guard is checked again at delivery', async () => {
    const hook = await receiver([500, 200]);
    closers.push(hook.close);
    const first = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await first.user('restart@example.com');
    const { key } = await newKey(first, u);
    await newEndpoint(first, u, hook.url);
    await canceledJob(first, key);
    await until(() => hook.received.length === 1, 'first attempt');
    await until(async () => (await first.app.db.selectFrom('webhook_deliveries').select('attempts').executeTakeFirstOrThrow()).attempts === 1, 'attempt recorded');
    await first.app.close();

    // Without FETCH_ALLOW_HOSTS the loopback receiver is refused at delivery: nothing reaches it, the delivery waits.
    const guarded = await app(database.current);
    guarded.clock.advance(5_000);
    await until(async () => (await guarded.app.db.selectFrom('webhook_deliveries').select('attempts').executeTakeFirstOrThrow()).attempts === 2, 'refused attempt recorded');
    const refused = await guarded.app.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
    expect(refused).toMatchObject({ status: 'pending', response_status: null, last_error: 'The link points to a private address.' });
    expect(hook.received).toHaveLength(1);
    await guarded.app.close();

    const second = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host, WEBHOOK_RETRY_SCHEDULE: '1s,1s,1s' });
    // Each app's clock starts at the real time when it is made and moves only when told: the refused
    // attempt set the next one 1-1.1 s after the guarded app's clock (its start + 5 s), and this app
    // may start less than that after it (a fast machine): move well past it.
    second.clock.advance(10_000);
    await until(() => hook.received.length === 2, 'retry after the restart');
    expect(hook.received[1]!.headers['webhook-id']).toBe(hook.received[0]!.headers['webhook-id']);
    await until(async () => (await second.app.db.selectFrom('webhook_deliveries').select('status').executeTakeFirstOrThrow()).status === 'succeeded', 'succeeded');
  });
});

describe('webhooks on two processes sharing one Postgres', () => {
  const database = useTestDatabase('postgres');

  it('each delivery is sent once', async () => {
    const hook = await receiver([200]);
    closers.push(hook.close);
    const a = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const b = await app(database.current, { FETCH_ALLOW_HOSTS: hook.host });
    const u = await a.user('two@example.com');
    const { key } = await newKey(a, u);
    await newEndpoint(a, u, hook.url);
    await newEndpoint(a, u, hook.url);
    const jobs: string[] = [];
    for (let i = 0; i < 4; i += 1) jobs.push(await canceledJob(i % 2 === 0 ? a : b, key));
    // Both processes announce and sweep; both senders poll.
    await Promise.all(jobs.map((id) => Promise.all([a.app.webhooks.announce.job(id), b.app.webhooks.announce.job(id)])));
    a.app.webhooks.sender.wake();
    b.app.webhooks.sender.wake();
    await until(() => hook.received.length >= 8, 'eight deliveries');
    // Neither sender sends a ninth: each has finished what it claimed and has nothing due.
    await Promise.all([a.app.webhooks.idle(), b.app.webhooks.idle()]);
    const ids = hook.received.map((r) => String(r.headers['webhook-id']));
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    expect(await count(a, 'webhook_deliveries')).toBe(8);
  });
});

describe('the API reference', () => {
  const database = useTestDatabase('sqlite');

  it('/api/docs serves Swagger UI from our origin under the app CSP; the document has the API-key scheme on the calls that take it', async () => {
    const t = await app(database.current);
    // Without the slash (issue 45: a blank page), the browser is sent to the page with it.
    const bare = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([bare.statusCode, bare.headers.location]).toEqual([301, '/api/docs/']);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs?x=1' })).headers.location).toBe('/api/docs/?x=1');
    const page = await t.app.inject({ method: 'GET', url: bare.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src).not.toMatch(/^(https?:)?\/\//);
      const asset = await t.app.inject({ method: 'GET', url: new URL(src, 'http://x/api/docs/').pathname });
      expect([src, asset.statusCode]).toEqual([src, 200]);
    }
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('Your first job in five minutes');
    const security = (path: string, method: string) => JSON.stringify(doc.paths[path][method].security);
    expect(security('/api/jobs/{id}', 'get')).toContain('apiKey');
    expect(security('/api/generate-face-prompt/', 'post')).toContain('apiKey');
    expect(security('/api/batches', 'post')).toContain('apiKey');
    expect(security('/api/keys', 'post')).not.toContain('apiKey');
    expect(security('/api/get_profiles/', 'post')).not.toContain('apiKey');
  });
});

describe('developer settings', () => {
  const env = (more: NodeJS.ProcessEnv) => ({ DATA_DIR: mkdtempSync(join(tmpdir(), 'persona-dev-config-')), ...more });

  it('WEBHOOK_RETRY_SCHEDULE defaults to 5s,5m,30m,2h,5h,10h and refuses what is not a schedule, naming the setting', () => {
    expect(loadConfig(env({})).developer).toEqual({ apiKeyRatePerMinute: 120, webhookRetryMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000], webhookAllowHttp: true });
    expect(loadConfig(env({ WEBHOOK_RETRY_SCHEDULE: ' 1s, 2m ,3h', API_KEY_RATE_PER_MINUTE: '600' })).developer).toEqual({ apiKeyRatePerMinute: 600, webhookRetryMs: [1_000, 120_000, 10_800_000], webhookAllowHttp: true });
    for (const bad of ['5', '5d', '0s', '25h', '5s,,5m', '1s,1s,1s,1s,1s,1s,1s,1s,1s,1s,1s', 'soon']) {
      expect(() => loadConfig(env({ WEBHOOK_RETRY_SCHEDULE: bad })), bad).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    }
    expect(() => loadConfig(env({ API_KEY_RATE_PER_MINUTE: '0' }))).toThrow(/API_KEY_RATE_PER_MINUTE/);
  });
});
