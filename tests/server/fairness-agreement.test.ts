// The claim (SQL, db/repositories/jobs.ts) and the queue's estimates (a simulation, jobs/eta.ts)
// follow one fairness rule (jobs/fairness.ts); here they must agree on a real database. A mixed
// queue of four users (one served ten minutes ago, one five, one never, one with a job running; a
// batch with a lone job made in the same millisecond, a job moved to the front, several run times)
// is forecast on two slots, then claimed one job at a time through the repository, at the moments
// the forecast says and with the slots freed as it frees them: the claims come in the forecast's
// order, on SQLite and on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { jobsRepository, type JobRow } from '../../server/src/db/repositories/jobs.ts';
import { forecastQueue, runTimeOf } from '../../server/src/jobs/eta.ts';
import { isoAt } from '../../server/src/time.ts';
import { engines, useTestDatabase } from './support/db.ts';

const T = Date.parse('2026-11-26T12:00:00.000Z');
const SLOTS = 2;
const OWNER = 'replay';
const LEASE_MS = 3_600_000;
/** Fixed ids, so ties between users break the same way on every run. */
const USERS = { a: '00000000-0000-4000-8000-00000000000a', b: '00000000-0000-4000-8000-00000000000b', c: '00000000-0000-4000-8000-00000000000c', d: '00000000-0000-4000-8000-00000000000d' };
/** Engines with measured run times (ms), so jobs take different times. */
const RUN_MS = { e7: 7_001, e11: 11_003, e13: 13_007 } as const;

describe.each(engines)('fairness on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('the claim takes a mixed queue in the order the estimates simulate', async () => {
    const { db } = database.current;
    const repo = jobsRepository(db);
    for (const id of Object.values(USERS)) {
      await db.insertInto('users').values({ id, email: `${id}@example.com`, name: 'Fair', password_hash: null, created_at: isoAt(T - 3_600_000), updated_at: isoAt(T - 3_600_000) }).execute();
    }
    for (const [name, ms] of Object.entries(RUN_MS)) await repo.recordRunTime('face', name, ms, isoAt(T - 3_600_000));
    const make = async (user: string, engineName: keyof typeof RUN_MS, at: number, batch?: { id: string; index: number }) =>
      (await repo.create({ userId: user, input: { kind: 'face', gender: 'female', prompt: `${user.slice(-1)}@${at - T}` }, engine: engineName, idempotencyKey: null, batch, now: isoAt(at) })).job;
    const claimAt = async (at: number): Promise<JobRow | undefined> => repo.claim(OWNER, isoAt(at), isoAt(at + LEASE_MS));

    // History: a served 10 minutes ago, b 5; d has a job running since a second ago.
    for (const [user, at] of [[USERS.a, T - 600_000], [USERS.b, T - 300_000]] as const) {
      const old = await make(user, 'e7', at - 60_000);
      expect((await claimAt(at))?.id).toBe(old.id);
      await repo.finish(old.id, OWNER, 'failed', null, isoAt(at + 10_000));
    }
    const dRunning = await make(USERS.d, 'e7', T - 60_000);
    expect((await claimAt(T - 1_000))?.id).toBe(dRunning.id);

    // The queue: a's batch and a lone job made in the same millisecond (the lone one first: no batch
    // index sorts first on both databases), b's later job moved to the front, c's three, d's two.
    const aLone = await make(USERS.a, 'e13', T - 100_000);
    for (const [index, e] of (['e7', 'e11', 'e13'] as const).entries()) await make(USERS.a, e, T - 100_000, { id: 'batch-a', index });
    await make(USERS.b, 'e11', T - 90_000);
    const bMoved = await make(USERS.b, 'e7', T - 80_000);
    await repo.move(USERS.b, bMoved.id, 'front', isoAt(T - 79_000));
    for (const [i, e] of (['e13', 'e7', 'e11'] as const).entries()) await make(USERS.c, e, T - 70_000 + i * 10_000);
    await make(USERS.d, 'e7', T - 40_000);
    await make(USERS.d, 'e13', T - 30_000);

    const forecast = await forecastQueue(repo, SLOTS, T);
    expect(forecast.starts).toHaveLength(11);
    expect(forecast.estimates.get(aLone.id)!.position).toBe(1);
    expect(forecast.estimates.get(bMoved.id)!.position).toBe(1);

    // Replays the forecast on the database: the slots free as the simulation frees them (the job
    // ending first), and each claim is made at the moment the simulation starts its job.
    const runTimes = await repo.runTimes();
    const flight = [{ id: dRunning.id, end: T + runTimeOf(dRunning, runTimes) - 1_000 }];
    const claimed: string[] = [];
    for (const { at } of forecast.starts) {
      while (flight.length >= SLOTS) {
        flight.sort((x, y) => x.end - y.end);
        const done = flight.shift()!;
        expect(done.end).toBeLessThanOrEqual(at);
        expect(await repo.finish(done.id, OWNER, 'failed', null, isoAt(done.end))).toBe(true);
      }
      const job = await claimAt(at);
      if (!job) break;
      claimed.push(job.id);
      flight.push({ id: job.id, end: at + runTimeOf(job, runTimes) });
    }
    expect(claimed).toEqual(forecast.starts.map((s) => s.id));
    expect(await claimAt(T + LEASE_MS)).toBeUndefined();

    // The rule at work: c (never served) goes first, a's lone job comes before its batch, b's moved job before its other.
    const users = new Map((await db.selectFrom('jobs').select(['id', 'user_id']).execute()).map((j) => [j.id, j.user_id]));
    expect(users.get(claimed[0]!)).toBe(USERS.c);
    expect(claimed.filter((id) => users.get(id) === USERS.a)[0]).toBe(aLone.id);
    expect(claimed.filter((id) => users.get(id) === USERS.b)[0]).toBe(bMoved.id);
  });
});
