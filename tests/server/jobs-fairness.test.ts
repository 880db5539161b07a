// Fairness of the queue (issue 29): work goes round-robin between users, then in each user's own
// order, so one user's big batch never holds another user's single job back by more than one
// job's time per worker slot. On one slot, with the in-process queue (SQLite, Postgres) and with
// BullMQ on the real Redis (a delivery claims the fairest due job of the table): user A's 20-item
// batch is running its first item when user B adds one job; B's job is the next to start, and every
// job runs exactly once with one result.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/src/db/util.ts';
import { bullmqQueue } from '../../server/src/jobs/bullmq-queue.ts';
import { inProcessQueue, type JobQueue } from '../../server/src/jobs/queue.ts';
import { jobsRepository, type JobsRepository } from '../../server/src/db/repositories/jobs.ts';
import { engines as dbEngines, useTestDatabase } from './support/db.ts';
import { queueDeps, recordingEngine } from './support/queue.ts';
import { until } from './support/until.ts';
import { dropKeys, TEST_REDIS_URL, testPrefix } from './support/redis.ts';

const setups = [...dbEngines.map((db) => ({ db, redis: false })), ...dbEngines.map((db) => ({ db, redis: true }))];

describe.each(setups)('fair queue on $db (Redis: $redis)', ({ db, redis }) => {
  const database = useTestDatabase(db);
  let prefix: string;
  let queue: JobQueue | undefined;
  let repo: JobsRepository;

  beforeEach(() => {
    prefix = testPrefix('fair');
    repo = jobsRepository(database.current.db);
  });
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    if (redis) await dropKeys(prefix);
  });

  async function newUser(): Promise<string> {
    const id = newId();
    const now = new Date().toISOString();
    await database.current.db.insertInto('users').values({ id, email: `${id}@example.com`, name: 'Fair', password_hash: null, created_at: now, updated_at: now }).execute();
    return id;
  }

  it("another user's single job added behind a 20-item batch starts next, on one slot", async () => {
    const engine = recordingEngine();
    const deps = { ...queueDeps(database.current.dataDir, repo, engine.engines), leaseMs: 5_000, concurrency: 1 };
    queue = redis ? bullmqQueue({ ...deps, redis: { url: TEST_REDIS_URL, prefix } }) : inProcessQueue(deps);
    const a = await newUser();
    const b = await newUser();
    const batchId = newId();
    const batch: string[] = [];
    const at = new Date().toISOString();
    for (let index = 0; index < 20; index++) {
      const { job } = await repo.create({ userId: a, input: { kind: 'face', gender: 'female', prompt: `a${index}` }, engine: 'recording', idempotencyKey: null, batch: { id: batchId, index }, now: at });
      batch.push(job.id);
    }
    queue.start();
    for (const id of batch) queue.notify(id);
    await until(() => engine.started.length === 1, 'the batch started');
    expect(engine.started).toEqual(['a0']);

    const { job: single } = await repo.create({ userId: b, input: { kind: 'face', gender: 'male', prompt: 'b0' }, engine: 'recording', idempotencyKey: null, now: new Date().toISOString() });
    queue.notify(single.id);
    engine.open();
    await until(async () => (await repo.openJobs()).length === 0, 'every job ran', 60_000);

    // B waited for one job (a0, already running), not for the batch.
    expect(engine.started.slice(0, 3)).toEqual(['a0', 'b0', 'a1']);
    // Each ran once, in A's own order after that; each has one result.
    expect(engine.started).toEqual(['a0', 'b0', ...Array.from({ length: 19 }, (_, i) => `a${i + 1}`)]);
    const rows = await database.current.db.selectFrom('jobs').select(['status', 'attempts']).execute();
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
    const media = await database.current.db.selectFrom('media_items').select('job_id').execute();
    expect(new Set(media.map((m) => m.job_id)).size).toBe(21);
    expect(media).toHaveLength(21);
  }, 90_000);
});
