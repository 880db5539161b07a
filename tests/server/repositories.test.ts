// The repositories that took over SQL from routes and billing (issue 25 §2), on both engines: media,
// usage counts, subscriptions, grants and payment events. The jobs repository has its own file.
import { describe, expect, it } from 'vitest';
import { grantsRepository } from '../../server/src/db/repositories/grants.ts';
import { jobsRepository } from '../../server/src/db/repositories/jobs.ts';
import { mediaRepository, type NewJobMedia } from '../../server/src/db/repositories/media.ts';
import { paymentEventsRepository } from '../../server/src/db/repositories/payment-events.ts';
import { subscriptionsRepository } from '../../server/src/db/repositories/subscriptions.ts';
import { usageRepository } from '../../server/src/db/repositories/usage.ts';
import type { JobStatus } from '../../server/src/db/schema.ts';
import { newId } from '../../server/src/db/util.ts';
import { engines, useTestDatabase } from './support/db.ts';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const at = (s: number) => new Date(T0 + s * 1000).toISOString();

describe.each(engines)('repositories on %s', (engine) => {
  const database = useTestDatabase(engine);
  const db = () => database.current.db;

  async function user(): Promise<string> {
    const id = newId();
    await db().insertInto('users').values({ id, email: `${id}@example.com`, name: 'Repo Test', password_hash: null, created_at: at(0), updated_at: at(0) }).execute();
    return id;
  }

  /** A job of `kind` left in `status` (finished at `finishedAt` when over). */
  async function job(userId: string, kind: 'face' | 'image' | 'music', status: JobStatus, finishedAt: string | null = null): Promise<string> {
    const input = kind === 'face' ? { kind, gender: 'female', prompt: 'x' } : { kind };
    const { job: row } = await jobsRepository(db()).create({ userId, input: input as never, engine: 'local', idempotencyKey: null, now: at(0) });
    await db().updateTable('jobs').set({ status, finished_at: finishedAt }).where('id', '=', row.id).execute();
    return row.id;
  }

  const media = (userId: string, kind: NewJobMedia['kind'], key: string, createdAt: string): NewJobMedia => ({
    user_id: userId, kind, gender: 'female', url: `/media/${key}`, storage_key: key, mime: 'image/png', bytes: 1, face_prompt: null, created_at: createdAt,
  });

  it("media: a job's outputs belong to the job and its user; a source must be the user's item of a fitting kind", async () => {
    const repo = mediaRepository(db());
    const [alice, bob] = [await user(), await user()];
    const jobId = await job(alice, 'face', 'running');
    await repo.addForJob(jobId, [media(alice, 'face', 'gen/a1.png', at(1)), media(alice, 'image', 'gen/a2.png', at(2))]);
    await repo.addForJob(jobId, []);
    await repo.addForJob(await job(bob, 'face', 'running'), [media(bob, 'face', 'gen/b1.png', at(3))]);

    const stored = await db().selectFrom('media_items').select(['storage_key', 'created_at']).where('user_id', '=', alice).orderBy('created_at').execute();
    expect(stored).toEqual([{ storage_key: 'gen/a1.png', created_at: at(1) }, { storage_key: 'gen/a2.png', created_at: at(2) }]);
    expect(await db().selectFrom('media_items').select('job_id').where('storage_key', '=', 'gen/a1.png').executeTakeFirst()).toEqual({ job_id: jobId });
    expect(await repo.ownedByKey(alice, 'gen/a1.png', ['face'])).toEqual({ storage_key: 'gen/a1.png', gender: 'female' });
    expect(await repo.ownedByKey(alice, 'gen/a1.png', ['image', 'video'])).toBeUndefined();
    expect(await repo.ownedByKey(alice, 'gen/b1.png', ['face'])).toBeUndefined();
    expect((await repo.keysOfUser(alice)).sort()).toEqual(['gen/a1.png', 'gen/a2.png']);
    expect(await repo.keysOfUser(newId())).toEqual([]);
  });

  it('usage: succeeded jobs of the period per kind, as numbers, plus queued and running ones only when asked', async () => {
    const [alice, bob] = [await user(), await user()];
    await job(alice, 'face', 'succeeded', at(10));
    await job(alice, 'face', 'succeeded', at(20));
    await job(alice, 'image', 'succeeded', at(100)); // after the period
    await job(alice, 'image', 'failed', at(15));
    await job(alice, 'image', 'queued');
    await job(alice, 'music', 'running');
    await job(bob, 'face', 'succeeded', at(10));
    const repo = usageRepository(db());
    const sorted = (rows: { kind: string; count: number }[]) => [...rows].sort((a, b) => a.kind.localeCompare(b.kind));
    expect(sorted(await repo.jobsPerKind(alice, at(10), at(100), false))).toEqual([{ kind: 'face', count: 2 }]);
    expect(sorted(await repo.jobsPerKind(alice, at(10), at(100), true))).toEqual([{ kind: 'face', count: 2 }, { kind: 'image', count: 1 }, { kind: 'music', count: 1 }]);
    expect(await repo.jobsPerKind(alice, at(200), at(300), false)).toEqual([]);
  });

  it('subscriptions: paid periods in force, live ones, and all of a user canceled at once (canceled and expired ones kept as they are)', async () => {
    const repo = subscriptionsRepository(db());
    const alice = await user();
    const add = async (status: string, start: string | null, end: string | null, createdAt = at(0)) => {
      const id = newId();
      await repo.add({ id, user_id: alice, plan_id: 'basic', provider: 'sandbox', provider_subscription_id: `sbx_${id}`, status, current_period_start: start, current_period_end: end, cancel_at: null, amount_minor: 1299, currency: 'USD', approved_at: null, last_event_at: null, created_at: createdAt, updated_at: createdAt });
      return id;
    };
    const active = await add('active', at(0), at(100));
    const expired = await add('expired', at(-200), at(-100));
    const pending = await add('pending', null, null, at(5));

    expect((await repo.paidInForce(alice, at(50))).map((s) => [s.subscription_id, s.name, s.face_limit])).toEqual([[active, 'Basic', 3]]);
    expect(await repo.paidInForce(alice, at(100))).toEqual([]);
    expect((await repo.live(alice)).map((s) => s.id).sort()).toEqual([active, pending].sort());
    expect(await repo.pendingPlanSince(alice, at(1))).toBe('basic');
    expect(await repo.pendingPlanSince(alice, at(5))).toBeNull();
    expect(await repo.ofUser(alice, `sbx_${active}`)).toMatchObject({ id: active });
    expect(await repo.ofUser(newId(), active)).toBeUndefined();

    await repo.cancelAllOf(alice, at(60));
    expect(await repo.byId(active)).toMatchObject({ status: 'canceled', cancel_at: at(60), updated_at: at(60) });
    expect(await repo.byId(pending)).toMatchObject({ status: 'canceled', cancel_at: at(60) });
    expect(await repo.byId(expired)).toMatchObject({ status: 'expired', cancel_at: null, updated_at: at(0) });
  });

  it('grants: in force until revoked; revoking ends only running ones; a trial once given is remembered', async () => {
    const repo = grantsRepository(db());
    const alice = await user();
    const add = (kind: 'trial' | 'grant', start: string, end: string) =>
      repo.add({ id: newId(), user_id: alice, kind, plan_id: 'advanced', subscription_id: null, starts_at: start, ends_at: end, revoked_at: null, created_at: start });
    expect(await repo.hadTrial(alice)).toBe(false);
    await add('trial', at(-300), at(-200));
    await add('grant', at(0), at(100));
    expect(await repo.hadTrial(alice)).toBe(true);
    expect((await repo.inForce(alice, at(50))).map((g) => [g.kind, g.name, g.image_limit])).toEqual([['grant', 'Advanced', 35]]);
    expect(await repo.revokeRunning(alice, at(50))).toBe(1);
    expect(await repo.inForce(alice, at(60))).toEqual([]);
    expect(await repo.revokeRunning(alice, at(60))).toBe(0);
  });

  it('payment events: a provider event id is stored once', async () => {
    const repo = paymentEventsRepository(db());
    const event = () => ({ id: newId(), provider: 'sandbox' as const, event_id: 'evt_1', type: 'subscription.activated', payload: '{}', user_id: null, subscription_id: null, created_at: at(0) });
    expect(await repo.addOnce(event())).toBe(true);
    expect(await repo.addOnce(event())).toBe(false);
    await repo.add({ ...event(), provider: 'admin', event_id: newId() });
    expect(Number((await db().selectFrom('payment_events').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(2);
  });
});
