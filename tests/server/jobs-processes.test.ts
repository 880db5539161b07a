// Jobs across processes: a server killed with SIGKILL in the middle of a job (after a restart the
// job is leased again, finishes, and is charged once), and an API process that only queues with
// `npm run worker` running the jobs.
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { premiumUser } from './support/http-user.ts';
import { freePort, startMain, waitFor } from './support/main-process.ts';
import { TEMPLATE_CACHE } from './support/studio.ts';
import { until } from './support/until.ts';

const settled = (job: Record<string, unknown>) => ['succeeded', 'failed', 'canceled'].includes(job.status as string);

describe('jobs across processes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ps-crash-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('kill -9 during a running job: after restart it finishes once and is counted once', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'state');
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_DIR: join(dir, 'no-build'), JOB_LEASE_SECONDS: '5', TEMPLATE_CACHE, TEMPLATES_AT_START: 'false', LOG_LEVEL: 'warn', JWT_SECRET: 'crash-test-secret-crash-test-secret-0123' };
    const base = `http://127.0.0.1:${port}/api`;
    let run = startMain(env, dir);
    try {
      await waitFor(`${base}/health`);
      const { post, token, userId } = await premiumUser(base, 'crash@example.com', env);

      const face = await post('/generate-face-prompt/', { prompt: 'long black hair' }, token);
      expect(face.status).toBe(200);
      const image = await post('/generate-image-prompt/', { face_url: face.json.output!, prompt: 'studio, half body' }, token);
      expect(image.status).toBe(200);
      const started = await post('/imagetovideos/', { input_image: image.json.output_url!, prompt: 'zoom out' }, token, { prefer: 'respond-async' });
      expect(started.status).toBe(202);
      const jobUrl = `${base}/jobs/${started.json.job_id}`;
      const job = async () => (await (await fetch(jobUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
      await until(async () => (await job()).status === 'running', 'the video job running', 30_000);

      run.child.kill('SIGKILL');
      await run.exited;
      run = startMain(env, dir);
      await waitFor(`${base}/health`);
      let final: Record<string, unknown> = {};
      await until(async () => settled((final = await job())), 'the video job settled after the restart', 90_000);
      expect(final).toMatchObject({ status: 'succeeded', progress: 100, output_url: expect.stringMatching(/\.mp4$/) });
      const plan = await post('/get_current_plan/', { user_id: userId }, token);
      expect(plan.json.usage as unknown).toMatchObject({ videos: { used: 1, limit: 15 } });
      const gallery = await post('/gallery/', {}, token);
      expect(gallery.json.gen_video).toHaveLength(1);
      // The first run's attempt was lost with its process; the second finished it, once.
      const db = new Database(join(dataDir, 'app.db'), { readonly: true });
      try {
        expect(db.prepare('select attempts, status from jobs where id = ?').get(started.json.job_id)).toEqual({ attempts: 2, status: 'succeeded' });
        expect(db.prepare('select count(*) as n from media_items where job_id = ?').get(started.json.job_id)).toEqual({ n: 1 });
      } finally {
        db.close();
      }
    } catch (err) {
      throw new Error(`${(err as Error).message}\nserver output:\n${run.output().slice(-3000)}`, { cause: err });
    } finally {
      run.child.kill('SIGTERM');
      await run.exited;
    }
  }, 240_000);

  it('RUN_JOBS=false queues only; npm run worker runs the jobs', async () => {
    const port = await freePort();
    const dataDir = join(dir, 'state');
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_DIR: join(dir, 'no-build'), TEMPLATE_CACHE, TEMPLATES_AT_START: 'false', LOG_LEVEL: 'warn', JWT_SECRET: 'worker-test-secret-worker-test-secret-01' };
    const base = `http://127.0.0.1:${port}/api`;
    const api = startMain({ ...env, RUN_JOBS: 'false' }, dir);
    let worker: ReturnType<typeof startMain> | undefined;
    try {
      await waitFor(`${base}/health`);
      const { post, token } = await premiumUser(base, 'worker@example.com', env);
      const queued = await post('/generate-face-prompt/', { prompt: 'silver pixie' }, token, { prefer: 'respond-async' });
      expect(queued.status).toBe(202);
      const job = async () => (await (await fetch(`${base}/jobs/${queued.json.job_id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
      expect(await job()).toMatchObject({ status: 'queued' });
      worker = startMain(env, dir, 'worker');
      let final: Record<string, unknown> = {};
      await until(async () => settled((final = await job())), 'the job run by the worker', 90_000);
      expect(final).toMatchObject({ status: 'succeeded', engine: 'local', output: expect.stringMatching(/^\/media\/gen\//) });
      // The API never took it (no sleep to see that nothing happens): it was claimed once, by the worker's process.
      const db = new Database(join(dataDir, 'app.db'), { readonly: true });
      try {
        const row = db.prepare('select attempts, lease_owner from jobs where id = ?').get(queued.json.job_id) as { attempts: number; lease_owner: string };
        expect(row.attempts).toBe(1);
        expect(row.lease_owner.startsWith(`${hostname()}:${worker.child.pid}:`)).toBe(true);
      } finally {
        db.close();
      }
      // The worker wrote into the same media folder the API serves.
      expect((await fetch(`http://127.0.0.1:${port}${final.output as string}`)).status).toBe(200);
    } catch (err) {
      throw new Error(`${(err as Error).message}\napi output:\n${api.output().slice(-2000)}\nworker output:\n${worker?.output().slice(-2000) ?? ''}`, { cause: err });
    } finally {
      worker?.child.kill('SIGTERM');
      api.child.kill('SIGTERM');
      await Promise.all([api.exited, worker?.exited]);
    }
    // Two processes started one after the other: a minute each on a loaded 2-core machine.
  }, 180_000);
});
