// The jobs table as a queue, on both engines: one job per idempotency key under a race, one owner
// per claim, leases that lapse and are taken over, backoff, and cancel in each state.
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/src/db/util.ts';
import { jobsRepository } from '../../server/src/db/repositories/jobs.ts';
import { engines, useTestDatabase } from './support/db.ts';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();
const INPUT = { kind: 'face', gender: 'female', prompt: 'red hair' } as const;

describe.each(engines)('jobs repository on %s', (engine) => {
  const database = useTestDatabase(engine);

  async function user(): Promise<string> {
    const id = newId();
    await database.current.db
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, name: 'Queue Test', password_hash: null, created_at: at(0), updated_at: at(0) })
      .execute();
    return id;
  }

  it('one idempotency key is one job, however many requests race', async () => {
    const repo = jobsRepository(database.current.db);
    const userId = await user();
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.create({ userId, input: INPUT, engine: 'local', idempotencyKey: 'same', now: at(0) })));
    expect(new Set(results.map((r) => r.job.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    // Another user may use the same key.
    const other = await repo.create({ userId: await user(), input: INPUT, engine: 'local', idempotencyKey: 'same', now: at(0) });
    expect(other.created).toBe(true);
  });

  it('a job has one owner; a lapsed lease is taken over and the old owner can no longer finish it', async () => {
    const repo = jobsRepository(database.current.db);
    const userId = await user();
    const { job } = await repo.create({ userId, input: INPUT, engine: 'local', idempotencyKey: null, now: at(0) });
    const [a, b] = await Promise.all([repo.claim('A', at(1), at(31)), repo.claim('B', at(1), at(31))]);
    expect([a?.id, b?.id].filter(Boolean)).toEqual([job.id]);
    const owner = a ? 'A' : 'B';
    const other = a ? 'B' : 'A';
    expect(await repo.claim(other, at(20), at(50))).toBeUndefined();
    expect(await repo.heartbeat(job.id, owner, at(40), 30, at(10))).toEqual({ ours: true, cancel: false });
    // The owner stops renewing: after its lease the other process takes the job (attempt 2).
    const taken = await repo.claim(other, at(41), at(71));
    expect(taken).toMatchObject({ id: job.id, lease_owner: other, attempts: 2, status: 'running' });
    expect(await repo.heartbeat(job.id, owner, at(80), null, at(42))).toEqual({ ours: false, cancel: false });
    expect(await repo.succeed(job.id, owner, { output: '/media/gen/x.png' }, [], at(43))).toBe(false);
    expect(await repo.succeed(job.id, other, { output: '/media/gen/y.png' }, [], at(44))).toBe(true);
    expect(await repo.byId(job.id)).toMatchObject({ status: 'succeeded', progress: 100, result: JSON.stringify({ output: '/media/gen/y.png' }), lease_until: null });
  });

  it('a retry waits for its backoff; a shutdown gives the attempt back', async () => {
    const repo = jobsRepository(database.current.db);
    const userId = await user();
    const { job } = await repo.create({ userId, input: INPUT, engine: 'local', idempotencyKey: null, now: at(0) });
    await repo.claim('A', at(1), at(31));
    expect(await repo.requeue(job.id, 'A', at(11), 'busy', false, at(1))).toBe(true);
    expect(await repo.claim('A', at(5), at(35))).toBeUndefined();
    expect(await repo.claim('A', at(11), at(41))).toMatchObject({ id: job.id, attempts: 2 });
    expect(await repo.requeue(job.id, 'A', null, null, true, at(12))).toBe(true);
    expect(await repo.byId(job.id)).toMatchObject({ status: 'queued', attempts: 1, lease_owner: null });
  });

  it('cancel: a queued job ends at once; a running one is flagged for its runner, and ends canceled if its process died', async () => {
    const repo = jobsRepository(database.current.db);
    const userId = await user();
    const queued = (await repo.create({ userId, input: INPUT, engine: 'local', idempotencyKey: null, now: at(0) })).job;
    expect(await repo.requestCancel(userId, queued.id, at(1))).toMatchObject({ status: 'canceled' });
    expect(await repo.requestCancel(await user(), queued.id, at(1))).toBeUndefined();

    const running = (await repo.create({ userId, input: INPUT, engine: 'local', idempotencyKey: null, now: at(2) })).job;
    await repo.claim('A', at(3), at(33));
    expect(await repo.requestCancel(userId, running.id, at(4))).toMatchObject({ status: 'running', cancel_requested_at: at(4) });
    expect(await repo.heartbeat(running.id, 'A', at(40), null, at(5))).toEqual({ ours: true, cancel: true });
    // A's process dies: the next claim ends the job canceled instead of running it again.
    expect(await repo.claim('B', at(60), at(90))).toBeUndefined();
    expect(await repo.byId(running.id)).toMatchObject({ status: 'canceled', lease_until: null });
  });
});
