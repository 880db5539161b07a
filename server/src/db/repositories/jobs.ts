// Every statement on the jobs table. Claiming is optimistic and portable: pick due candidates,
// then take one with an UPDATE whose WHERE repeats the condition; only one process's update
// can match (Postgres re-checks the WHERE after the row lock; SQLite has one writer).
// Claims are fair (issue 29) by the rule of jobs/fairness.ts: users round-robin (the one with the
// fewest running jobs, then the one served longest ago), then each user's own order (queue_order,
// which the user can move); the queue's estimates simulate the same rule.
import '../generation-schema.ts';
import '../batches-schema.ts';
import '../queue-schema.ts';
import '../characters-schema.ts';
import { sql, type ExpressionBuilder, type OrderByItemBuilder, type SelectQueryBuilder } from 'kysely';
import { TURN_ORDER, USER_ORDER, type UserStanding } from '../../jobs/fairness.ts';
import type { JobInput } from '../../jobs/kinds.ts';
import type { Db } from '../index.ts';
import type { Database, Job } from '../schema.ts';
import { isUniqueViolation, newId } from '../util.ts';
import { mediaRepository, type NewJobMedia } from './media.ts';
import { FINAL_JOB_STATUSES } from '../../../../contract/job-status.ts';

export type JobRow = Job;

export interface NewJobFields {
  userId: string;
  input: JobInput;
  engine: string;
  idempotencyKey: string | null;
  /** SHA-256 of the call and its payload (compared when the key is used again). */
  requestHash?: string | null;
  /** The batch making the job and the item's place in it. */
  batch?: { id: string; index: number };
  /** The character the job is for (issue 44); its gallery items record it too. */
  characterId?: string | null;
  now: string;
}

/** Queued and due, or running with a lapsed lease (its process is gone). */
const isDue = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb.and([eb('status', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now)])]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

/** Every key of the fairness rule sorts so; both databases are told where nulls go (they differ by default). */
const ascNullsFirst = (ob: OrderByItemBuilder) => ob.asc().nullsFirst();

/** A job's place in its user's own order (fairness.ts USER_ORDER). */
const inUserOrder = <O>(q: SelectQueryBuilder<Database, 'jobs', O>) => USER_ORDER.reduce((ordered, column) => ordered.orderBy(column, ascNullsFirst), q);

/** The claim's due-users query's column for each key of the turn rule (fairness.ts TURN_ORDER). */
const TURN_COLUMNS = { running: 'u.running', servedAt: 'u.served', userId: 'u.user_id' } as const satisfies Record<keyof UserStanding, string>;

/** The running average weighs about this many of the last runs. */
export const RUN_TIME_WINDOW = 20;

/** What the queue's estimates read of a queued or running job. */
export type OpenJob = Pick<JobRow, 'id' | 'user_id' | 'kind' | 'engine' | 'status' | 'queue_order' | 'batch_index' | 'created_at' | 'started_at' | 'progress'>;

export function jobsRepository(db: Db) {
  const byId = (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  const byIdempotencyKey = (userId: string, key: string) =>
    db.selectFrom('jobs').selectAll().where('user_id', '=', userId).where('idempotency_key', '=', key).executeTakeFirst();

  /** A job canceled while its process was gone ends canceled, not run again. */
  async function endCanceledOrphans(now: string, id?: string): Promise<void> {
    let q = db
      .updateTable('jobs')
      .set({ status: 'canceled', lease_until: null, finished_at: now, updated_at: now })
      .where('status', '=', 'running')
      .where('lease_until', '<', now)
      .where('cancel_requested_at', 'is not', null);
    if (id !== undefined) q = q.where('id', '=', id);
    await q.execute();
  }

  /** The UPDATE repeats the due condition, so only one claimer's update can match. */
  const take = (id: string, owner: string, now: string, leaseUntil: string) =>
    db
      .updateTable('jobs')
      .set((eb) => ({ status: 'running', lease_owner: owner, lease_until: leaseUntil, attempts: eb('attempts', '+', 1), started_at: eb.fn.coalesce('started_at', eb.val(now)), updated_at: now }))
      .where('id', '=', id)
      .where(isDue(now))
      .returningAll()
      .executeTakeFirst();

  return {
    byId,
    byIdempotencyKey,

    /** The caller's job (another user's is as absent as a missing one). */
    ofUser: (userId: string, id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst(),

    /** Inserts a queued job; with an idempotency key already used by this user, answers that job instead. */
    async create(fields: NewJobFields): Promise<{ job: JobRow; created: boolean }> {
      const { userId, input, engine, idempotencyKey, now } = fields;
      const findExisting = () => (idempotencyKey === null ? Promise.resolve(undefined) : byIdempotencyKey(userId, idempotencyKey));
      const existing = await findExisting();
      if (existing) return { job: existing, created: false };
      try {
        const job = await db
          .insertInto('jobs')
          .values({
            id: newId(), user_id: userId, kind: input.kind, status: 'queued', input: JSON.stringify(input), engine,
            idempotency_key: idempotencyKey, request_hash: fields.requestHash ?? null, created_at: now, updated_at: now,
            batch_id: fields.batch?.id ?? null, batch_index: fields.batch?.index ?? null, queue_order: Date.parse(now), character_id: fields.characterId ?? null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return { job, created: true };
      } catch (err) {
        // Two requests with one key at once: the unique index lets one insert; the other reads it.
        if (!isUniqueViolation(err)) throw err;
        const raced = await findExisting();
        if (!raced) throw err;
        return { job: raced, created: false };
      }
    },

    /** A batch's jobs in the order of its items. */
    ofBatch: (batchId: string) => db.selectFrom('jobs').selectAll().where('batch_id', '=', batchId).orderBy('batch_index').execute(),

    recent: (userId: string, statuses: readonly string[] | null, limit: number) => {
      let q = db.selectFrom('jobs').selectAll().where('user_id', '=', userId);
      if (statuses) q = q.where('status', 'in', statuses as JobRow['status'][]);
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /**
     * Takes the fairest due job (queued and due, or running with a lapsed lease) for `owner`
     * (jobs/fairness.ts): of the users with due jobs, the one with the fewest jobs running, then the
     * one whose last job started longest ago; of theirs, the first in their own order.
     */
    async claim(owner: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
      await endCanceledOrphans(now);
      const dueUsers = db
        .selectFrom('jobs')
        .select((eb) => [
          'user_id',
          eb.selectFrom('jobs as r').select((r) => r.fn.countAll<number>().as('n')).whereRef('r.user_id', '=', 'jobs.user_id').where('r.status', '=', 'running').where('r.lease_until', '>=', now).as('running'),
          eb.selectFrom('jobs as s').select((s) => s.fn.max('s.started_at').as('m')).whereRef('s.user_id', '=', 'jobs.user_id').as('served'),
        ])
        .where(isDue(now))
        .groupBy('user_id');
      const users = await TURN_ORDER.reduce((ordered, key) => ordered.orderBy(TURN_COLUMNS[key], ascNullsFirst), db.selectFrom(dueUsers.as('u')).select('u.user_id'))
        .limit(5)
        .execute();
      for (const { user_id: userId } of users) {
        const candidates = await inUserOrder(db.selectFrom('jobs').select('id').where('user_id', '=', userId).where(isDue(now))).limit(3).execute();
        for (const { id } of candidates) {
          const claimed = await take(id, owner, now, leaseUntil);
          if (claimed) return claimed;
        }
      }
      return undefined;
    },

    /** Ids of due jobs, oldest first (for a queue to be told about them again). */
    async dueIds(now: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('jobs').select('id').where(isDue(now)).orderBy('created_at').limit(limit).execute();
      return rows.map((r) => r.id);
    },

    /** Renews the lease and stores progress; answers whether the job is still ours and whether a cancel was asked. */
    async heartbeat(id: string, owner: string, leaseUntil: string, progress: number | null, now: string): Promise<{ ours: boolean; cancel: boolean }> {
      const row = await db
        .updateTable('jobs')
        .set({ lease_until: leaseUntil, updated_at: now, ...(progress === null ? {} : { progress }) })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .returning('cancel_requested_at')
        .executeTakeFirst();
      return { ours: row !== undefined, cancel: row?.cancel_requested_at != null };
    },

    /** Success: the media rows and the job's result in one transaction, only while the job is ours. */
    async succeed(id: string, owner: string, result: Record<string, string>, media: readonly NewJobMedia[], now: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const done = await trx
          .updateTable('jobs')
          .set({ status: 'succeeded', progress: 100, result: JSON.stringify(result), error: null, lease_until: null, finished_at: now, updated_at: now })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .where('status', '=', 'running')
          .where('cancel_requested_at', 'is', null)
          .returning('character_id')
          .executeTakeFirst();
        if (!done) return false;
        // The outputs belong to the job's character (issue 44), as it is now (a deleted one is null).
        await mediaRepository(trx).addForJob(id, media.map((m) => ({ ...m, character_id: done.character_id })));
        return true;
      });
    },

    /** Ends a running job of ours as failed or canceled. */
    async finish(id: string, owner: string, status: 'failed' | 'canceled', error: string | null, now: string): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set({ status, error, lease_until: null, finished_at: now, updated_at: now })
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Puts a running job of ours back in the queue, due at `runAfter`; `refund` gives the attempt back (shutdown). */
    async requeue(id: string, owner: string, runAfter: string | null, error: string | null, refund: boolean, now: string): Promise<boolean> {
      const res = await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', run_after: runAfter, error, lease_until: null, lease_owner: null, progress: 0, updated_at: now, ...(refund ? { attempts: eb('attempts', '-', 1) } : {}) }))
        .where('id', '=', id)
        .where('lease_owner', '=', owner)
        .where('status', '=', 'running')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** When each user with a queued or running job last had a job started (the estimates' turn rule); none: never. */
    async lastStarts(): Promise<Map<string, string>> {
      const rows = await db
        .selectFrom('jobs')
        .select((eb) => ['user_id', eb.fn.max('started_at').as('served')])
        .where('user_id', 'in', db.selectFrom('jobs').select('user_id').where('status', 'in', ['queued', 'running']))
        .where('started_at', 'is not', null)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id, r.served as string]));
    },

    /** Every queued and running job (the queue's estimates simulate them), each user's in their own order. */
    openJobs: (): Promise<OpenJob[]> =>
      inUserOrder(
        db.selectFrom('jobs').select(['id', 'user_id', 'kind', 'engine', 'status', 'queue_order', 'batch_index', 'created_at', 'started_at', 'progress']).where('status', 'in', ['queued', 'running']),
      ).execute(),

    /**
     * Moves the user's queued job to the front or back of their own order. Undefined when it is not
     * theirs; the job as it is when it is not queued (nothing moved).
     */
    async move(userId: string, id: string, to: 'front' | 'back', now: string): Promise<JobRow | undefined> {
      return db.transaction().execute(async (trx) => {
        const job = await trx.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
        if (!job || job.status !== 'queued') return job;
        const edge = await trx
          .selectFrom('jobs')
          .select((eb) => (to === 'front' ? eb.fn.min('queue_order') : eb.fn.max('queue_order')).as('at'))
          .where('user_id', '=', userId)
          .where('status', '=', 'queued')
          .where('id', '!=', id)
          .executeTakeFirst();
        const at = edge?.at == null ? (job.queue_order ?? Date.parse(job.created_at)) : Number(edge.at) + (to === 'front' ? -1 : 1);
        const moved = await trx.updateTable('jobs').set({ queue_order: at, updated_at: now }).where('id', '=', id).where('status', '=', 'queued').returningAll().executeTakeFirst();
        // Claimed or canceled meanwhile: the job as it is now.
        return moved ?? (await trx.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst());
      });
    },

    /**
     * The user's jobs as the queue screen lists them: queued and running first (running, then queued
     * in the order they will run), then finished ones newest first. `after` is how many were already
     * listed (the queue part is short and changes order as the user moves jobs; finished ones are
     * paged after it by the same count).
     */
    async listed(userId: string, statuses: readonly string[] | null, after: number, limit: number): Promise<JobRow[]> {
      const base = () => {
        const q = db.selectFrom('jobs').selectAll().where('user_id', '=', userId);
        return statuses ? q.where('status', 'in', statuses as JobRow['status'][]) : q;
      };
      const open = await inUserOrder(base().where('status', 'in', ['running', 'queued'])).execute();
      const active = [...open.filter((j) => j.status === 'running'), ...open.filter((j) => j.status === 'queued')];
      const fromActive = active.slice(after, after + limit);
      const left = limit - fromActive.length;
      if (left <= 0) return fromActive;
      const finished = await base()
        .where('status', 'in', FINAL_JOB_STATUSES)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(Math.max(0, after - active.length))
        .limit(left)
        .execute();
      return [...fromActive, ...finished];
    },

    /** Measured run times per (kind, engine), in ms. */
    async runTimes(): Promise<Map<string, number>> {
      const rows = await db.selectFrom('job_run_times').select(['kind', 'engine', 'avg_ms']).execute();
      return new Map(rows.map((r) => [runTimeKey(r.kind, r.engine), Number(r.avg_ms)]));
    },

    /** Adds one measured run to the (kind, engine)'s running average (over about RUN_TIME_WINDOW runs). */
    async recordRunTime(kind: string, engine: string, ms: number, now: string): Promise<void> {
      await db
        .insertInto('job_run_times')
        .values({ kind, engine, runs: 1, avg_ms: ms, updated_at: now })
        .onConflict((oc) =>
          oc.columns(['kind', 'engine']).doUpdateSet({
            runs: sql`job_run_times.runs + 1`,
            avg_ms: sql`job_run_times.avg_ms + (excluded.avg_ms - job_run_times.avg_ms) / (case when job_run_times.runs + 1 < ${RUN_TIME_WINDOW} then job_run_times.runs + 1 else ${RUN_TIME_WINDOW} end)`,
            updated_at: now,
          }),
        )
        .execute();
    },

    /** The user's cancel: a queued job ends now; a running one is flagged for its runner. */
    async requestCancel(userId: string, id: string, now: string): Promise<JobRow | undefined> {
      await db
        .updateTable('jobs')
        .set({ status: 'canceled', finished_at: now, updated_at: now, lease_until: null })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'queued')
        .execute();
      await db
        .updateTable('jobs')
        .set({ cancel_requested_at: now, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('status', '=', 'running')
        .where('cancel_requested_at', 'is', null)
        .execute();
      return db.selectFrom('jobs').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    },
  };
}

export type JobsRepository = ReturnType<typeof jobsRepository>;

/** The key of a (kind, engine)'s run time. */
export const runTimeKey = (kind: string, engine: string | null): string => `${kind}/${engine ?? ''}`;
