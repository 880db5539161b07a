// POST /api/batches, GET /api/batches/{id}, POST /api/batches/{id}/cancel (issue 29), over real
// HTTP on SQLite and Postgres: items checked as their single call checks its body, the allowance
// reserved for the whole batch under the user's row lock (all or nothing, exact refusal), each
// job's view as GET /api/jobs/{id} gives it, cancel, another user's batch as absent, and an
// Idempotency-Key naming one batch.
import { describe, expect, it } from 'vitest';
import { engines, useTestDatabase } from './support/db.ts';
import { listening, type Http } from './support/listening.ts';
import type { StudioUser } from './support/studio.ts';
import { until } from './support/until.ts';

const faces = (...prompts: string[]) => ({ call: '/generate-face-prompt/', items: prompts.map((prompt) => ({ prompt })) });

/** The date the user's entitlement ends, as the refusal names it. */
async function periodEnd(h: Http, user: StudioUser): Promise<string> {
  const entitlement = await h.t.app.billing.entitlements.current(user.userId, new Date(h.t.clock.now()).toISOString());
  return entitlement!.periodEnd.slice(0, 10);
}

describe.each(engines)('batches on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('a batch of 3 face prompts runs to the end with the local engine; each job is shown as GET /api/jobs/{id} shows it', async () => {
    const h = await listening(database.current);
    const u = await h.t.user('batch@example.com');
    const made = await h.post(u, '/batches', { ...faces('red hair', 'freckles', 'green eyes'), user_id: u.userId });
    expect(made.status, JSON.stringify(made.json)).toBe(202);
    const { batch_id: batchId, job_ids: jobIds } = made.json as { batch_id: string; job_ids: string[] };
    expect(made.headers.get('location')).toBe(`/api/batches/${batchId}`);
    expect(jobIds).toHaveLength(3);
    let view: Record<string, unknown> = {};
    await until(async () => {
      view = (await h.get(u, `/batches/${batchId}`)).json;
      return view.succeeded === 3 || Number(view.failed) + Number(view.canceled) > 0;
    }, 'the batch settled', 150_000);
    expect(view).toMatchObject({ batch_id: batchId, call: '/generate-face-prompt/', total: 3, queued: 0, running: 0, succeeded: 3, failed: 0, canceled: 0, eta_seconds: null });
    const jobs = view.jobs as Record<string, unknown>[];
    expect(jobs.map((j) => j.job_id)).toEqual(jobIds);
    // Each job carries its item's place (the queue orders and names a batch by it, with the list alone).
    expect(jobs.map((j) => j.batch_index)).toEqual([0, 1, 2]);
    const listed = ((await h.get(u, '/jobs?limit=100')).json as { jobs: Record<string, unknown>[] }).jobs;
    expect(Object.fromEntries(listed.map((j) => [j.job_id, j.batch_index]))).toEqual(Object.fromEntries(jobIds.map((id, i) => [id, i])));
    for (const job of jobs) {
      expect(job).toEqual((await h.get(u, `/jobs/${String(job.job_id)}`)).json);
      expect(job).toMatchObject({ kind: 'face', status: 'succeeded', progress: 100, engine: 'local' });
      expect(String(job.output)).toMatch(/^\/media\//);
    }
    await h.t.app.close();
  }, 180_000);

  it('a bad item answers 400 naming its index and creates nothing; so do another user_id and a multipart call', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('items@example.com');
    const other = await h.t.user('other@example.com');
    const blank = await h.post(u, '/batches', faces('red hair', '   ', 'green eyes'));
    expect([blank.status, blank.json]).toEqual([400, { error: 'items[1]: Please enter a prompt.', field: 'items.1.prompt' }]);
    // The call's own schema, as the single call applies it.
    const long = await h.post(u, '/batches', faces('red hair', 'x'.repeat(2001)));
    expect([long.status, long.json]).toEqual([400, { error: 'items[1]: prompt must be at most 2000 characters', field: 'items.1.prompt' }]);
    const celebrities = await h.post(u, '/batches', { call: '/generate_face_c/', items: [{ celebrity1: 'A', celebrity2: 'B', celebrity3: 'C' }, { celebrity1: 'A', celebrity2: 'B' }] });
    expect([celebrities.status, celebrities.json]).toEqual([400, { error: 'items[1]: Please enter all celebrity names.', field: 'items.1.celebrity3' }]);
    const image = await h.post(u, '/batches', { call: '/generate-image-prompt/', items: [{ face_url: '/media/gen/nobody.png', prompt: 'beach' }] });
    expect([image.status, image.json]).toEqual([400, { error: 'items[0]: Please select a face.', field: 'items.0.face_url' }]);
    const notObject = await h.post(u, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'ok' }, 'red hair'] });
    expect([notObject.status, notObject.json]).toEqual([400, { error: 'items[1]: Request body must be a JSON object' , field: 'items.1' }]);
    const someoneElse = await h.post(u, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'ok', user_id: u.userId }, { prompt: 'ok', user_id: other.userId }] });
    expect([someoneElse.status, someoneElse.json]).toEqual([403, { error: 'items[1]: Forbidden', field: 'items.1.user_id' }]);
    expect((await h.post(u, '/batches', { ...faces('ok'), user_id: other.userId })).status).toBe(403);
    const multipart = await h.post(u, '/batches', { call: '/newclothchanger/', items: [{ category: 'tops' }] });
    expect(multipart.status).toBe(400);
    expect(multipart.json.error).toMatch(/^\/newclothchanger\/ is a multipart call and cannot be batched; call must be one of \/generate_face_c\/, /);
    expect((await h.post(u, '/batches', { call: '/nope/', items: [{}] })).json.field).toBe('call');
    expect((await h.post(u, '/batches', { call: '/generate-face-prompt/', items: [] })).status).toBe(400);
    expect((await h.post(u, '/batches', faces(...Array.from({ length: 51 }, (_, i) => `p${i}`)))).status).toBe(400);
    // Auth as the generation calls: the security key too.
    const noKey = await h.post(u, '/batches', faces('ok'), { 'security-key': 'wrong' });
    expect([noKey.status, noKey.json.error]).toEqual([403, 'Invalid security key.']);
    // Without a valid token: 401 on every batch route, and nothing stored.
    const stranger = { ...u, access: 'not-a-token' };
    expect((await h.post(stranger, '/batches', faces('ok'))).status).toBe(401);
    expect((await h.get(stranger, '/batches/anything')).status).toBe(401);
    expect((await h.post(stranger, '/batches/anything/cancel', {})).status).toBe(401);
    expect(await h.rows()).toEqual({ jobs: 0, batches: 0 });
    await h.t.app.close();
  });

  it('a batch the allowance cannot cover is refused whole, with what it needs and what is left; nothing is stored', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('basic@example.com', 'basic');
    expect((await h.post(u, '/generate-face-prompt/', { prompt: 'one' }, { prefer: 'respond-async' })).status).toBe(202);
    const refused = await h.post(u, '/batches', faces('a', 'b', 'c'));
    expect([refused.status, refused.json]).toEqual([403, { error: `This batch needs 3 face generations; your Basic plan has 2 left this period (it ends on ${await periodEnd(h, u)}).` }]);
    expect(await h.rows()).toEqual({ jobs: 1, batches: 0 });
    expect((await h.post(u, '/batches', faces('a', 'b'))).status).toBe(202);
    const one = await h.post(u, '/batches', faces('a'));
    expect([one.status, one.json.error]).toEqual([403, `This batch needs 1 face generation; your Basic plan has 0 left this period (it ends on ${await periodEnd(h, u)}).`]);
    expect(await h.rows()).toEqual({ jobs: 3, batches: 1 });
    const none = await h.t.user('none@example.com', null);
    expect((await h.post(none, '/batches', faces('a'))).json.error).toBe('Subscription required.');
    await h.t.app.close();
  });

  it('a burst of parallel batches never reserves more than is left (the user row lock)', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('burst@example.com', 'basic');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => h.post(u, '/batches', faces(`a${i}`, `b${i}`))));
    expect(answers.filter((a) => a.status === 202)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 202);
    expect(refused.map((a) => a.status)).toEqual(Array(9).fill(403));
    for (const a of refused) expect(a.json.error).toBe(`This batch needs 2 face generations; your Basic plan has 1 left this period (it ends on ${await periodEnd(h, u)}).`);
    expect(await h.rows()).toEqual({ jobs: 2, batches: 1 });
    await h.t.app.close();
  });

  it('cancel ends every queued job of the batch as the single cancel does and gives the allowance back', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('cancel@example.com', 'basic');
    const { batch_id: batchId, job_ids: jobIds } = (await h.post(u, '/batches', faces('a', 'b', 'c'))).json as { batch_id: string; job_ids: string[] };
    const single = (await h.post(u, `/jobs/${jobIds[0]!}/cancel`, {})).json;
    expect(single.status).toBe('canceled');
    const canceled = await h.post(u, `/batches/${batchId}/cancel`, {});
    expect(canceled.status).toBe(200);
    expect(canceled.json).toMatchObject({ batch_id: batchId, total: 3, queued: 0, running: 0, succeeded: 0, failed: 0, canceled: 3, eta_seconds: null });
    const jobs = canceled.json.jobs as Record<string, unknown>[];
    expect(jobs[0]).toEqual(single);
    for (const job of jobs) expect(job).toEqual((await h.get(u, `/jobs/${String(job.job_id)}`)).json);
    expect((await h.get(u, `/batches/${batchId}`)).json).toEqual(canceled.json);
    expect((await h.post(u, `/batches/${batchId}/cancel`, {})).json).toEqual(canceled.json);
    expect((await h.post(u, '/batches', faces('d', 'e', 'f'))).status).toBe(202);
    await h.t.app.close();
  });

  it("another user's batch is as absent as a missing one", async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('owner@example.com');
    const other = await h.t.user('stranger@example.com');
    const { batch_id: batchId } = (await h.post(u, '/batches', faces('a'))).json as { batch_id: string };
    for (const res of [await h.get(other, `/batches/${batchId}`), await h.post(other, `/batches/${batchId}/cancel`, {}), await h.get(u, '/batches/no-such-batch')]) {
      expect([res.status, res.json]).toEqual([404, { error: 'Batch not found.' }]);
    }
    expect((await h.get(u, `/batches/${batchId}`)).json.queued).toBe(1);
    const doc = (await h.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, { tags: string[]; security: object[] }>> };
    expect(doc.paths['/api/batches']!.post!.tags).toEqual(['batches']);
    expect(doc.paths['/api/batches']!.post!.security).toEqual([{ bearer: [], securityKey: [] }, { apiKey: [] }]);
    expect(doc.paths['/api/batches/{id}']!.get!.tags).toEqual(['batches']);
    expect(doc.paths['/api/batches/{id}/cancel']!.post!.tags).toEqual(['batches']);
    await h.t.app.close();
  });

  it('an Idempotency-Key names one batch: a replay answers it, another payload is 422, another call 409', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('keys@example.com', 'basic');
    const key = { 'idempotency-key': 'batch-1' };
    const first = await h.post(u, '/batches', faces('a', 'b', 'c'), key);
    expect(first.status).toBe(202);
    // The allowance is used up by the batch itself: the replay is still answered.
    const again = await h.post(u, '/batches', faces('a', 'b', 'c'), key);
    expect([again.status, again.json]).toEqual([202, first.json]);
    const other = await h.post(u, '/batches', faces('a', 'b'), key);
    expect([other.status, other.json]).toEqual([422, { error: 'This Idempotency-Key was used with another request payload.' }]);
    const call = await h.post(u, '/batches', { call: '/generate_face_prompt_men/', items: [{ prompt: 'a' }] }, key);
    expect([call.status, call.json]).toEqual([409, { error: 'This Idempotency-Key was used for another kind of request.' }]);
    expect(await h.rows()).toEqual({ jobs: 3, batches: 1 });
    await h.t.app.close();
  });
});
