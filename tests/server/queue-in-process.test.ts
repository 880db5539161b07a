// The in-process queue on its leased pump (server/src/leased-pump.ts), on SQLite and PostgreSQL:
// idle() resolves once every due job has run, so a test awaits it instead of polling; and a job
// claimed as the process stops goes straight back to the queue with its attempt given back.
import { afterEach, describe, expect, it } from 'vitest';
import { newId } from '../../server/src/db/util.ts';
import { jobsRepository } from '../../server/src/db/repositories/jobs.ts';
import { inProcessQueue, type InProcessQueue } from '../../server/src/jobs/queue.ts';
import { runJob } from '../../server/src/jobs/runner.ts';
import { isoAt } from '../../server/src/time.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { queueDeps, recordingEngine } from './support/queue.ts';

describe.each(engines)('in-process queue on %s', (engine) => {
  const database = useTestDatabase(engine);
  let queue: InProcessQueue | undefined;
  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
  });

  async function jobsOfNewUser(count: number): Promise<string[]> {
    const userId = newId();
    const now = isoAt(Date.now());
    await database.current.db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, name: 'Queue', password_hash: null, created_at: now, updated_at: now }).execute();
    const repo = jobsRepository(database.current.db);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await repo.create({ userId, input: { kind: 'face', gender: 'female', prompt: `p${i}` }, engine: 'recording', idempotencyKey: null, now })).job.id);
    return ids;
  }

  it('idle() resolves once every due job has run, on two slots', async () => {
    const repo = jobsRepository(database.current.db);
    const recording = recordingEngine();
    recording.open();
    queue = inProcessQueue({ ...queueDeps(database.current.dataDir, repo, recording.engines), leaseMs: 5_000, concurrency: 2 });
    await queue.idle();
    const ids = await jobsOfNewUser(5);
    queue.start();
    await queue.idle();
    expect(recording.started.sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4']);
    const rows = await database.current.db.selectFrom('jobs').select(['id', 'status', 'attempts']).execute();
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.status === 'succeeded' && r.attempts === 1)).toBe(true);
  });

  it('a job claimed while the process stops goes back to the queue, its attempt given back', async () => {
    const repo = jobsRepository(database.current.db);
    const recording = recordingEngine();
    recording.open();
    const [id] = await jobsOfNewUser(1);
    const deps = { ...queueDeps(database.current.dataDir, repo, recording.engines), leaseMs: 5_000, owner: 'stopping' };
    const claimed = await repo.claim(deps.owner, isoAt(Date.now()), isoAt(Date.now() + deps.leaseMs));
    expect(claimed?.id).toBe(id);
    const stopped = new AbortController();
    stopped.abort();
    await runJob(claimed!, deps, stopped.signal, new Map());
    const row = await repo.byId(id!);
    expect({ status: row?.status, attempts: row?.attempts, lease_owner: row?.lease_owner }).toEqual({ status: 'queued', attempts: 0, lease_owner: null });
    expect(await database.current.db.selectFrom('media_items').select('id').execute()).toHaveLength(0);
  });
});
