// The JobQueue contract on BullMQ and the real Redis, with queues standing for processes (each its
// own lease owner and connections): a job delivered twice runs once; a job queued before Redis had
// it runs; a stopping process hands its running job on; a cancel reaches the process running the
// job through Redis alone; a job finishing in one process wakes waiters in another.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config/index.ts';
import { newId } from '../../server/src/db/util.ts';
import type { EngineRegistry } from '../../server/src/engines/registry.ts';
import type { EngineContext, FaceResult } from '../../server/src/engines/types.ts';
import { bullmqQueue, QUEUE_NAME } from '../../server/src/jobs/bullmq-queue.ts';
import type { JobQueue } from '../../server/src/jobs/queue.ts';
import { jobsRepository, type JobsRepository } from '../../server/src/db/repositories/jobs.ts';
import { templateFiles } from '../../server/src/jobs/templates.ts';
import { templateLibraryOf } from '../../server/src/templates/library.ts';
import { localStorage } from '../../server/src/storage/local.ts';
import { useTestDatabase } from './support/db.ts';
import { until } from './support/until.ts';
import { dropKeys, TEST_REDIS_URL, testPrefix, testRedis } from './support/redis.ts';

/** A 1x1 PNG: the runner writes the AI marks into every output, so it must be a real one. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==', 'base64');

/** A face engine that counts its runs and holds each one until released (or stopped by its signal). */
function gatedEngine() {
  const state = { runs: 0, running: 0, aborted: [] as string[], release: () => undefined as void };
  let open = false;
  let waiters: (() => void)[] = [];
  state.release = () => {
    open = true;
    for (const w of waiters.splice(0)) w();
  };
  const engines: EngineRegistry = {
    close: async () => undefined,
    preflight: async () => [],
    unavailable: () => null,
    for: () => ({
      engine: 'gated',
      async handler(_input: unknown, ctx: EngineContext): Promise<FaceResult> {
        state.runs += 1;
        state.running += 1;
        try {
          await new Promise<void>((resolve, reject) => {
            if (open) return resolve();
            waiters.push(resolve);
            ctx.signal.addEventListener('abort', () => {
              state.aborted.push(String((ctx.signal.reason as Error).message));
              reject(ctx.signal.reason);
            }, { once: true });
          });
        } finally {
          state.running -= 1;
        }
        const path = join(ctx.workDir, 'face.png');
        await writeFile(path, PNG);
        return { path, mime: 'image/png', facePrompt: 'gated' };
      },
    }) as ReturnType<EngineRegistry['for']>,
  };
  return { state, engines, reset: () => ((open = false), (waiters = [])) };
}

describe('JobQueue on BullMQ', () => {
  const database = useTestDatabase('sqlite');
  let prefix: string;
  let queues: JobQueue[];
  let repo: JobsRepository;
  let engine: ReturnType<typeof gatedEngine>;

  beforeEach(() => {
    prefix = testPrefix('queue');
    queues = [];
    repo = jobsRepository(database.current.db);
    engine = gatedEngine();
  });
  afterEach(async () => {
    engine.state.release();
    await Promise.all(queues.map((q) => q.stop()));
    await dropKeys(prefix);
  });

  /** A queue as one process would have it. */
  function aProcess(options: { onSettled?: (id: string) => void; repo?: JobsRepository; leaseMs?: number; concurrency?: number } = {}): JobQueue {
    const config = loadConfig({ DATA_DIR: database.current.dataDir });
    const storage = localStorage(config.mediaDir, config.mediaBaseUrl);
    const log = pino({ level: 'silent' });
    const queue = bullmqQueue({
      repo: options.repo ?? repo,
      storage,
      engines: engine.engines,
      templates: templateFiles(templateLibraryOf(config)),
      generation: config.generation,
      log,
      now: Date.now,
      leaseMs: options.leaseMs ?? 1_000,
      onSettled: options.onSettled ?? (() => undefined),
      // This suite is about delivery: its outputs carry the IPTC mark only.
      signer: null,
      concurrency: options.concurrency ?? 2,
      redis: { url: TEST_REDIS_URL, prefix },
    });
    queues.push(queue);
    return queue;
  }

  async function newJob(): Promise<string> {
    const userId = newId();
    const now = new Date().toISOString();
    await database.current.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, name: 'Queue', password_hash: null, created_at: now, updated_at: now }).execute();
    const { job } = await repo.create({ userId, input: { kind: 'face', gender: 'female', prompt: 'red hair' }, engine: 'gated', idempotencyKey: null, now });
    return job.id;
  }

  const mediaOf = async (jobId: string) => (await database.current.db.selectFrom('media_items').select('id').where('job_id', '=', jobId).execute()).length;

  /** Deliveries still in Redis (waiting, running or delayed). */
  async function deliveriesLeft(): Promise<number> {
    const connection = testRedis();
    const queue = new Queue(QUEUE_NAME, { connection, prefix });
    try {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      return Object.values(counts).reduce((a, b) => a + b, 0);
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  it('a job delivered twice, to two processes, runs once: one attempt, one result', async () => {
    // A runs one job at a time, so while it runs the job the second delivery goes to B.
    const a = aProcess({ concurrency: 1 });
    const b = aProcess();
    a.start();
    const jobId = await newJob();
    a.notify(jobId);
    a.notify(jobId); // same BullMQ id: one delivery
    await until(() => engine.state.running === 1);
    b.start();
    // A second delivery, as BullMQ's at-least-once allows (another id, the same job), while A runs it:
    // B finds A's live lease and looks again later.
    const connection = testRedis();
    const raw = new Queue(QUEUE_NAME, { connection, prefix });
    await raw.add('run', { jobId }, { jobId: `${jobId}-again`, removeOnComplete: true, removeOnFail: true });
    await until(async () => (await raw.getJobCounts('delayed')).delayed === 1, 'the second delivery waits');
    engine.state.release();
    await until(async () => (await repo.byId(jobId))?.status === 'succeeded', 'succeeded');
    await until(async () => (await deliveriesLeft()) === 0, 'deliveries done');
    // Sent again after it ended (a sweep, a replay): nothing runs.
    b.notify(jobId);
    await until(async () => (await deliveriesLeft()) === 0);
    await raw.close();
    await connection.quit();
    expect(engine.state.runs).toBe(1);
    expect(await repo.byId(jobId)).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await mediaOf(jobId)).toBe(1);
  });

  it('a job queued while Redis did not have it is sent by the sweep when a process starts', async () => {
    engine.state.release();
    const jobId = await newJob();
    aProcess().start();
    await until(async () => (await repo.byId(jobId))?.status === 'succeeded');
    expect(engine.state.runs).toBe(1);
  });

  it('a stopping process puts its running job back; another process runs it, the attempt given back', async () => {
    const a = aProcess();
    a.start();
    const jobId = await newJob();
    a.notify(jobId);
    await until(() => engine.state.running === 1);
    const b = aProcess();
    b.start();
    await a.stop();
    expect(engine.state.aborted).toEqual(['job stopped: shutdown']);
    engine.state.release();
    await until(async () => (await repo.byId(jobId))?.status === 'succeeded');
    expect(engine.state.runs).toBe(2);
    expect(await repo.byId(jobId)).toMatchObject({ attempts: 1 });
    expect(await mediaOf(jobId)).toBe(1);
  });

  it('a cancel reaches the process running the job through Redis (its heartbeat never reports it here)', async () => {
    // The worker's heartbeat is blind to cancels, and its lease long: only the Redis message can stop it.
    const blind: JobsRepository = { ...repo, heartbeat: async (...args) => ({ ...(await repo.heartbeat(...args)), cancel: false }) };
    const worker = aProcess({ repo: blind, leaseMs: 60_000 });
    worker.start();
    const settledInApi: string[] = [];
    const api = aProcess({ onSettled: (id) => settledInApi.push(id) });
    const jobId = await newJob();
    api.notify(jobId);
    await until(() => engine.state.running === 1);
    const job = await repo.requestCancel((await repo.byId(jobId))!.user_id, jobId, new Date().toISOString());
    expect(job?.status).toBe('running');
    api.cancel(jobId);
    await until(async () => (await repo.byId(jobId))?.status === 'canceled');
    expect(engine.state.aborted).toEqual(['job stopped: cancel']);
    // The API process, which runs nothing, heard that the job settled.
    await until(() => settledInApi.includes(jobId));
  });
});
