// The queue people can steer (issue 29), over real HTTP on SQLite and Postgres: position and ETA on
// each job view (measured run times per kind and engine, other users' share under round-robin),
// GET /api/jobs in the order the queue runs them then finished newest first, paged; moving a queued
// job to the front or back; re-running a finished job as a new, charged job; and the refusals (401
// without a token, 404 for another user's job, 409 with a clear message, 403 when the plan has
// nothing left), each storing nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { QUEUE_MESSAGES } from '../../contract/studio.ts';
import { runTimeKey } from '../../server/src/db/repositories/jobs.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { listening, type Http } from './support/listening.ts';
import type { StudioUser } from './support/studio.ts';

const ASYNC = { prefer: 'respond-async' };
type View = Record<string, unknown>;

async function faceJob(h: Http, u: StudioUser, prompt: string): Promise<string> {
  const res = await h.post(u, '/generate-face-prompt/', { prompt }, ASYNC);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  // Each a second after the last: the user's own order is the order they asked in.
  h.t.clock.advance(1000);
  return res.json.job_id as string;
}

const view = async (h: Http, u: StudioUser, id: string): Promise<View> => {
  const res = await h.get(u, `/jobs/${id}`);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};

/** Every page of GET /api/jobs at `limit`, as the queue screen scrolls them. */
async function allPages(h: Http, u: StudioUser, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const res = await h.get(u, `/jobs?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const jobs = res.json.jobs as View[];
    expect(jobs.length).toBeLessThanOrEqual(limit);
    ids.push(...jobs.map((j) => j.job_id as string));
    cursor = res.json.next_cursor as string | null;
  } while (cursor);
  return ids;
}

const jobRows = async (h: Http) => (await h.t.app.db.selectFrom('jobs').select(['id', 'status', 'queue_order']).orderBy('id').execute());

describe.each(engines)('the queue on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('queued jobs show their position and ETA (round-robin with other users, measured run times); GET /api/jobs lists them in run order, then finished ones', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false', WORKER_CONCURRENCY: '1' });
    const u = await h.t.user('queue@example.com');
    const v = await h.t.user('other@example.com');
    const [j1, j2, j3] = [await faceJob(h, u, 'one'), await faceJob(h, u, 'two'), await faceJob(h, u, 'three')];
    const w1 = await faceJob(h, v, 'theirs');

    const views = await Promise.all([j1, j2, j3].map((id) => view(h, u, id)));
    expect(views.map((j) => [j.status, j.position, j.batch_id])).toEqual([['queued', 1, null], ['queued', 2, null], ['queued', 3, null]]);
    // Nothing measured yet: a face takes its calibrated time (issue 45: the reference machine's,
    // scaled to this one) on the one slot. The other user's job comes first or second (round-robin),
    // never after all of u's.
    const face = (await h.t.app.jobs.calibrate()).get(runTimeKey('face', views[0]!.engine as string))!;
    const after = (n: number) => Math.ceil((n * face) / 1000);
    const theirs = await view(h, v, w1);
    expect(theirs.position).toBe(1);
    const etas = views.map((j) => j.eta_seconds as number);
    expect([...etas, theirs.eta_seconds].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4].map(after));
    expect(etas[0]! <= etas[1]! && etas[1]! <= etas[2]!).toBe(true);
    expect(etas[2]).toBe(after(4));
    expect(theirs.eta_seconds as number).toBeLessThanOrEqual(after(2));

    // Measured run times (shared through the database) replace the seed.
    const faceEngine = views[0]!.engine as string;
    await h.t.app.jobs.repo.recordRunTime('face', faceEngine, 4000, new Date().toISOString());
    await h.t.app.jobs.repo.recordRunTime('face', faceEngine, 6000, new Date().toISOString());
    expect((await view(h, u, j3)).eta_seconds).toBe(20);

    // A batch's jobs carry its id; the batch ends when its last job does.
    const made = await h.post(u, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'b0' }, { prompt: 'b1' }] });
    expect(made.status).toBe(202);
    const { batch_id: batchId, job_ids: [b0, b1] } = made.json as { batch_id: string; job_ids: string[] };
    const batch = (await h.get(u, `/batches/${batchId}`)).json;
    const batchJobs = batch.jobs as View[];
    expect(batchJobs.map((j) => [j.batch_id, j.position])).toEqual([[batchId, 4], [batchId, 5]]);
    expect(batch.eta_seconds).toBe(batchJobs[1]!.eta_seconds);
    expect(batch.eta_seconds).toBe(30);

    // One starts (as a worker claims it: the fairest, here the other user's, or u's first).
    const now = h.t.clock.now();
    const claimed = (await h.t.app.jobs.repo.claim('test-worker', new Date(now).toISOString(), new Date(now + 60_000).toISOString()))!;
    expect([j1, w1]).toContain(claimed.id);
    const running = await view(h, claimed.id === j1 ? u : v, claimed.id);
    expect([running.status, running.position, running.eta_seconds]).toEqual(['running', null, 5]);

    // Cancel one; the list: running, then queued in run order, then finished newest first.
    expect((await h.post(u, `/jobs/${j2}/cancel`, {})).status).toBe(200);
    const canceled = await view(h, u, j2);
    expect([canceled.status, canceled.position, canceled.eta_seconds]).toEqual(['canceled', null, null]);
    // u's first job runs or is first in line either way.
    const order = [j1, j3, b0, b1, j2];
    const list = (await h.get(u, '/jobs')).json;
    expect((list.jobs as View[]).map((j) => j.job_id)).toEqual(order);
    expect(list.next_cursor).toBeNull();
    expect(await allPages(h, u, 2)).toEqual(order);
    expect(await allPages(h, u, 1)).toEqual(order);
    const queuedOnly = (await h.get(u, '/jobs?status=queued')).json.jobs as View[];
    expect(queuedOnly.every((j) => j.status === 'queued')).toBe(true);
    // A cursor it did not give, or without a token: refused.
    expect((await h.get(u, '/jobs?cursor=garbage')).status).toBe(400);
    expect((await h.get({ ...u, access: 'not-a-token' }, '/jobs')).status).toBe(401);
    await h.t.app.close();
  });

  it("move: a queued job to the front or back of the user's own order, which the claim follows; refusals change nothing", async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false', WORKER_CONCURRENCY: '1' });
    const u = await h.t.user('mover@example.com');
    const v = await h.t.user('stranger@example.com');
    const [j1, j2, j3] = [await faceJob(h, u, 'one'), await faceJob(h, u, 'two'), await faceJob(h, u, 'three')];
    const positions = async () => Promise.all([j1, j2, j3].map(async (id) => (await view(h, u, id)).position));

    const front = await h.post(u, `/jobs/${j3}/move`, { to: 'front' });
    expect([front.status, front.json.job_id, front.json.position]).toEqual([200, j3, 1]);
    expect(await positions()).toEqual([2, 3, 1]);
    const back = await h.post(u, `/jobs/${j1}/move`, { to: 'back' });
    expect([back.status, back.json.position]).toEqual([200, 3]);
    expect(await positions()).toEqual([3, 2, 1]);
    expect((await h.get(u, '/jobs')).json.jobs as View[]).toMatchObject([{ job_id: j3 }, { job_id: j2 }, { job_id: j1 }]);

    // Refusals: another user's or an unknown job (404), a bad body (400), no token (401), a job
    // no longer queued (409); none moves anything.
    const before = await jobRows(h);
    expect((await h.post(v, `/jobs/${j2}/move`, { to: 'front' })).status).toBe(404);
    expect((await h.post(u, `/jobs/${randomUUID()}/move`, { to: 'front' })).status).toBe(404);
    expect((await h.post(u, `/jobs/${j2}/move`, { to: 'middle' })).status).toBe(400);
    expect((await h.post(u, `/jobs/${j2}/move`, {})).status).toBe(400);
    expect((await h.post({ ...u, access: 'not-a-token' }, `/jobs/${j2}/move`, { to: 'front' })).status).toBe(401);
    expect(await jobRows(h)).toEqual(before);
    expect((await h.post(u, `/jobs/${j1}/cancel`, {})).status).toBe(200);
    const afterCancel = await jobRows(h);
    const late = await h.post(u, `/jobs/${j1}/move`, { to: 'front' });
    expect([late.status, late.json.error]).toEqual([409, QUEUE_MESSAGES.notQueued]);
    expect(await jobRows(h)).toEqual(afterCancel);

    // The worker takes the user's jobs in their order: j3 (moved to the front), then j2.
    const now = h.t.clock.now();
    const claim = async () => (await h.t.app.jobs.repo.claim('test-worker', new Date(now).toISOString(), new Date(now + 60_000).toISOString()))?.id;
    expect(await claim()).toBe(j3);
    expect(await claim()).toBe(j2);
    expect(await claim()).toBeUndefined();
    await h.t.app.close();
  });

  it('a burst of parallel re-runs gets exactly what is left of the allowance (the user row lock)', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    // Basic: 3 faces a period. The job to re-run is canceled (its reservation given back); another
    // stays queued and holds one: two are left.
    const u = await h.t.user('rerun-burst@example.com', 'basic');
    const first = await faceJob(h, u, 'silver bob');
    expect((await h.post(u, `/jobs/${first}/cancel`, {})).status).toBe(200);
    await faceJob(h, u, 'held');
    const answers = await Promise.all(Array.from({ length: 6 }, () => h.post(u, `/jobs/${first}/rerun`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([202, 202, 403, 403, 403, 403]);
    const rows = await jobRows(h);
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(3);
    expect(rows).toHaveLength(4);
  });

  it('re-run: a finished job again as a new job with the same input, charged as one; refusals store nothing', async () => {
    const h = await listening(database.current);
    // Basic: 3 faces a period.
    const u = await h.t.user('rerun@example.com', 'basic');
    const v = await h.t.user('someone@example.com');
    const first = await faceJob(h, u, 'auburn curls');
    expect((await h.t.settle(u, first, 60_000)).status).toBe('succeeded');

    const again = await h.post(u, `/jobs/${first}/rerun`, {});
    expect(again.status, JSON.stringify(again.json)).toBe(202);
    const second = again.json.job_id as string;
    expect(second).not.toBe(first);
    expect(again.headers.get('location')).toBe(`/api/jobs/${second}`);
    const done = await h.t.settle(u, second, 60_000);
    expect(done).toMatchObject({ status: 'succeeded', kind: 'face', batch_id: null });
    expect(String(done.output)).toMatch(/^\/media\//);
    const inputOf = async (id: string) => (await h.t.app.jobs.repo.byId(id))!.input;
    expect(await inputOf(second)).toBe(await inputOf(first));
    // An Idempotency-Key makes a retried re-run the same new job.
    const keyed = await h.post(u, `/jobs/${first}/rerun`, {}, { 'idempotency-key': 'rerun-1' });
    const replay = await h.post(u, `/jobs/${first}/rerun`, {}, { 'idempotency-key': 'rerun-1' });
    expect([keyed.status, replay.status, replay.json.job_id]).toEqual([202, 202, keyed.json.job_id]);
    await h.t.settle(u, keyed.json.job_id as string, 60_000);

    // The plan's 3 faces are used: 403 as the single call, and no job stored.
    const count = async () => (await jobRows(h)).length;
    const jobs = await count();
    const refused = await h.post(u, `/jobs/${first}/rerun`, {});
    const single = await h.post(u, '/generate-face-prompt/', { prompt: 'auburn curls' }, ASYNC);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual(single.json);
    // Another user's or an unknown job: 404; no token: 401.
    expect((await h.post(v, `/jobs/${first}/rerun`, {})).status).toBe(404);
    expect((await h.post(u, `/jobs/${randomUUID()}/rerun`, {})).status).toBe(404);
    expect((await h.post({ ...u, access: 'not-a-token' }, `/jobs/${first}/rerun`, {})).status).toBe(401);
    expect(await count()).toBe(jobs);
    await h.t.app.close();
  }, 180_000);

  it('re-run refuses a job still queued, and one whose input left the gallery (409), storing nothing', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    const u = await h.t.user('inputs@example.com');
    const queued = await faceJob(h, u, 'still waiting');
    const notYet = await h.post(u, `/jobs/${queued}/rerun`, {});
    expect([notYet.status, notYet.json.error]).toEqual([409, QUEUE_MESSAGES.notFinished]);

    // An image made from a face of the user's gallery; canceled, it can be re-run while the face is kept.
    const key = `gen/${randomUUID().replaceAll('-', '')}.png`;
    const at = new Date(h.t.clock.now()).toISOString();
    await h.t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: u.userId, job_id: null, kind: 'face', gender: 'female', url: h.t.app.storage.url(key), storage_key: key, mime: 'image/png', bytes: 1, face_prompt: 'a face', search_text: '', created_at: at }).execute();
    const image = await h.post(u, '/generate-image-prompt/', { face_url: h.t.app.storage.url(key), prompt: 'on a beach' }, ASYNC);
    expect(image.status, JSON.stringify(image.json)).toBe(202);
    const imageJob = image.json.job_id as string;
    expect((await h.post(u, `/jobs/${imageJob}/cancel`, {})).status).toBe(200);
    const rerun = await h.post(u, `/jobs/${imageJob}/rerun`, {});
    expect(rerun.status, JSON.stringify(rerun.json)).toBe(202);
    expect((await view(h, u, rerun.json.job_id as string)).status).toBe('queued');

    // The face leaves the gallery: the image job can no longer be re-run.
    await h.t.app.db.deleteFrom('media_items').where('storage_key', '=', key).execute();
    const rows = (await jobRows(h)).length;
    const gone = await h.post(u, `/jobs/${imageJob}/rerun`, {});
    expect([gone.status, gone.json.error]).toEqual([409, QUEUE_MESSAGES.inputsGone]);
    expect((await jobRows(h)).length).toBe(rows);
    await h.t.app.close();
  });

  it('the new routes are in /api/openapi.json with their schemas', async () => {
    const h = await listening(database.current, { RUN_JOBS: 'false' });
    type Op = { tags: string[]; security: object[]; requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; responses: Record<string, unknown>; parameters?: { name: string }[] };
    const doc = (await h.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> };
    const move = doc.paths['/api/jobs/{id}/move']!.post!;
    expect(move.tags).toEqual(['jobs']);
    // A personal API key may move its owner's jobs (issue 30).
    expect(move.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(Object.keys(move.requestBody!.content['application/json']!.schema.properties)).toEqual(['to']);
    expect(Object.keys(move.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '404', '409']));
    const rerun = doc.paths['/api/jobs/{id}/rerun']!.post!;
    expect(Object.keys(rerun.responses)).toEqual(expect.arrayContaining(['202', '401', '403', '404', '409']));
    const list = doc.paths['/api/jobs']!.get!;
    expect(list.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['status', 'limit', 'cursor']));
    const view = JSON.stringify(doc.paths['/api/jobs/{id}']!.get!.responses['200']);
    for (const field of ['position', 'eta_seconds', 'batch_id']) expect(view).toContain(field);
    await h.t.app.close();
  });
});
