// The scale-out deployment as real processes: two API processes and two `npm run worker` processes
// on one Postgres database, one media folder and the real Redis (a prefix of their own). A rate
// limit and an allowance hold across the API processes behind one port; a worker killed with SIGKILL in the middle of a job leaves
// it to the other worker, which finishes it once, counted once; a cancel sent to either API process
// stops the job in the worker running it.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from './support/db.ts';
import { premiumUser, poster, type Post } from './support/http-user.ts';
import { freePort, startMain, waitFor } from './support/main-process.ts';
import { dropKeys, TEST_REDIS_URL, testPrefix } from './support/redis.ts';
import { SITE_MEDIA_CACHE, TEMPLATE_CACHE } from './support/studio.ts';
import { until } from './support/until.ts';

type Running = ReturnType<typeof startMain>;

/** One port in front of the API processes, as a load balancer would be: each request to the next process in turn. */
async function roundRobin(origins: string[]): Promise<{ base: string; served: number[]; close: () => Promise<void> }> {
  const served = origins.map(() => 0);
  let next = 0;
  const server = createServer((req, res) => {
    const at = next++ % origins.length;
    served[at]! += 1;
    const target = new URL(req.url ?? '/', origins[at]);
    const upstream = request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.once('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}/api`, served, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('scale-out: API processes and workers on Redis and Postgres', () => {
  let dir: string;
  let database: TestDatabase;
  let prefix: string;
  let env: Record<string, string>;
  const bases: string[] = [];
  const apis: Running[] = [];
  const workers: Running[] = [];
  let user: { post: Post; token: string; userId: string };
  let sql: pg.Client;
  /** A picture of the user's, made by the first job test, animated by both. */
  let imageUrl = '';

  const output = () => [...apis, ...workers].map((p, i) => `--- process ${i}:\n${p.output().slice(-1500)}`).join('\n');
  const jobRow = async (id: string) => (await sql.query('select status, attempts, lease_owner from jobs where id = $1', [id])).rows[0] as { status: string; attempts: number; lease_owner: string | null };
  const view = async (base: string, id: string) => (await (await fetch(`${base}/jobs/${id}`, { headers: { authorization: `Bearer ${user.token}` } })).json()) as Record<string, unknown>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ps-scale-'));
    database = await openTestDatabase('postgres');
    prefix = testPrefix('scale');
    // A short lease (the killed worker's job is handed on about 5 s later), long enough that a worker
    // slowed down by a busy machine keeps its own.
    env = {
      HOST: '127.0.0.1', DATA_DIR: join(dir, 'state'), PUBLIC_DIR: join(dir, 'no-build'), DATABASE_URL: database.databaseUrl!,
      REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix, JOB_LEASE_SECONDS: '5', WORKER_CONCURRENCY: '1',
      TEMPLATE_CACHE, TEMPLATES_AT_START: 'false', SITE_MEDIA_CACHE, LOG_LEVEL: 'warn', JWT_SECRET: 'scale-out-secret-scale-out-secret-012345',
    };
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      // API processes leave WORKER_CONCURRENCY to its default with Redis: 0, they run no jobs.
      const { WORKER_CONCURRENCY: _workers, ...apiEnv } = env;
      apis.push(startMain({ ...apiEnv, PORT: String(port) }, dir));
      bases.push(`http://127.0.0.1:${port}/api`);
      workers.push(startMain(env, dir, 'worker'));
    }
    await Promise.all(bases.map((base) => waitFor(`${base}/health`, 60_000)));
    user = await premiumUser(bases[0]!, 'scale@example.com', { DATA_DIR: env.DATA_DIR!, JWT_SECRET: env.JWT_SECRET!, DATABASE_URL: env.DATABASE_URL });
    sql = new pg.Client({ connectionString: database.databaseUrl! });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    for (const p of [...apis, ...workers]) p.child.kill('SIGTERM');
    await Promise.all([...apis, ...workers].map((p) => p.exited));
    await database?.cleanup();
    await dropKeys(prefix);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a rate limit holds across API processes behind one port: each request goes to the next process, the limit is the total', async () => {
    const front = await roundRobin(bases.map((base) => new URL(base).origin));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 16; i += 1) {
        statuses.push((await poster(front.base)('/news_letter/', { email: `reader${i}@example.com` })).status);
      }
      expect(front.served).toEqual([8, 8]);
      // /news_letter/ allows 10 per client address in 10 minutes.
      expect(statuses.filter((s) => s !== 429)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429, 429, 429, 429, 429]);
    } finally {
      await front.close();
    }
  });

  it('30 face requests at once from a Basic user across both API processes: exactly the 3 of the allowance are accepted', async () => {
    const front = await roundRobin(bases.map((base) => new URL(base).origin));
    try {
      const basic = await premiumUser(front.base, 'burst@example.com', { DATA_DIR: env.DATA_DIR!, JWT_SECRET: env.JWT_SECRET!, DATABASE_URL: env.DATABASE_URL }, {}, 'basic');
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => basic.post('/generate-face-prompt/', { prompt: `short red hair ${i}` }, basic.token, { prefer: 'respond-async' })));
      expect(front.served[0]! - front.served[1]!).toBeLessThanOrEqual(1);
      const accepted = answers.filter((a) => a.status === 202);
      expect(accepted).toHaveLength(3);
      expect(answers.filter((a) => a.status === 403).map((a) => a.json.error)).toEqual(Array(27).fill(expect.stringMatching(/^You have used all 3 face generations of your Basic plan/)));
      // The workers run them; all three succeed and are counted, nothing more.
      for (const { json } of accepted) await until(async () => (await jobRow(json.job_id!)).status === 'succeeded', 'the face is made', 60_000);
      const plan = await basic.post('/get_current_plan/', { user_id: basic.userId }, basic.token);
      expect(plan.json.usage as unknown).toMatchObject({ faces: { used: 3, limit: 3 } });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output()}`, { cause: err });
    } finally {
      await front.close();
    }
  }, 120_000);

  it('kill -9 of the worker running a job: the other worker finishes it once, and it is counted once', async () => {
    try {
      const face = await user.post('/generate-face-prompt/', { prompt: 'long black hair' }, user.token);
      expect(face.status).toBe(200);
      const image = await poster(bases[1]!)('/generate-image-prompt/', { face_url: face.json.output!, prompt: 'studio, half body' }, user.token);
      expect(image.status).toBe(200);
      imageUrl = image.json.output_url!;
      const started = await user.post('/imagetovideos/', { input_image: imageUrl, prompt: 'zoom out' }, user.token, { prefer: 'respond-async' });
      expect(started.status).toBe(202);
      const jobId = started.json.job_id!;
      await until(async () => (await jobRow(jobId)).status === 'running', 'the job runs');
      const pid = Number((await jobRow(jobId)).lease_owner!.split(':')[1]);
      const victim = workers.find((w) => w.child.pid === pid)!;
      expect(victim).toBeDefined();
      victim.child.kill('SIGKILL');
      await victim.exited;

      await until(async () => ['succeeded', 'failed', 'canceled'].includes((await jobRow(jobId)).status), 'the job ends', 90_000);
      expect(await view(bases[1]!, jobId)).toMatchObject({ status: 'succeeded', progress: 100, output_url: expect.stringMatching(/\.mp4$/) });
      // The killed worker's attempt, then the other worker's: one result, one charge.
      expect(await jobRow(jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect((await sql.query('select count(*)::int as n from media_items where job_id = $1', [jobId])).rows[0]).toEqual({ n: 1 });
      const plan = await user.post('/get_current_plan/', { user_id: user.userId }, user.token);
      expect(plan.json.usage as unknown).toMatchObject({ videos: { used: 1 } });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output()}`, { cause: err });
    }
  }, 120_000);

  it('a cancel sent to an API process stops the job in the worker running it', async () => {
    try {
      const started = await user.post('/imagetovideos/', { input_image: imageUrl, prompt: 'pan left' }, user.token, { prefer: 'respond-async' });
      const jobId = started.json.job_id!;
      await until(async () => (await jobRow(jobId)).status === 'running', 'the job runs');
      const canceled = await poster(bases[1]!)(`/jobs/${jobId}/cancel`, {}, user.token);
      expect(canceled.status).toBe(200);
      await until(async () => (await jobRow(jobId)).status !== 'running', 'the job stops', 60_000);
      expect(await view(bases[0]!, jobId)).toMatchObject({ status: 'canceled' });
      expect((await sql.query('select count(*)::int as n from media_items where job_id = $1', [jobId])).rows[0]).toEqual({ n: 0 });
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${output()}`, { cause: err });
    }
  }, 90_000);
});
