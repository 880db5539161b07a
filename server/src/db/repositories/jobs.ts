// Every statement on the jobs table. Claiming is optimistic and portable: pick due candidates,
// then take one with an UPDATE whose WHERE repeats the condition; only one process's update
// can match (Postgres re-checks the WHERE after the row lock; SQLite has one writer).
import '../generation-schema.ts';
import '../batches-schema.ts';
import type { ExpressionBuilder } from 'kysely';
import type { JobInput, JobKind } from '../../jobs/kinds.ts';
import type { Db } from '../index.ts';
import type { Database, Job } from '../schema.ts';
import { isUniqueViolation, newId } from '../util.ts';
import { mediaRepository, type NewJobMedia } from './media.ts';

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
  now: string;
}

/** Queued and due, or running with a lapsed lease (its process is gone). */
const isDue = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb.and([eb('status', '=', 'queued'), eb.or([eb('run_after', 'is', null), eb('run_after', '<=', now)])]),
    eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)]),
  ]);

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
            batch_id: fields.batch?.id ?? null, batch_index: fields.batch?.index ?? null,
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

    /** Takes the oldest due job (queued and due, or running with a lapsed lease) for `owner`. */
    async claim(owner: string, now: string, leaseUntil: string, kinds?: readonly JobKind[]): Promise<JobRow | undefined> {
      await endCanceledOrphans(now);
      const due = db.selectFrom('jobs').select('id').where(isDue(now));
      const candidates = await (kinds ? due.where('kind', 'in', kinds as JobKind[]) : due).orderBy('created_at').limit(5).execute();
      for (const { id } of candidates) {
        const claimed = await take(id, owner, now, leaseUntil);
        if (claimed) return claimed;
      }
      return undefined;
    },

    /** Takes this job for `owner` if it is due (a queue delivered it); undefined when it is not. */
    async claimById(id: string, owner: string, now: string, leaseUntil: string): Promise<JobRow | undefined> {
      await endCanceledOrphans(now, id);
      return take(id, owner, now, leaseUntil);
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
          .set({ status: 'succeeded', progress: 100, result: JSON.stringify(result), output: JSON.stringify(result), error: null, lease_until: null, finished_at: now, updated_at: now })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .where('status', '=', 'running')
          .where('cancel_requested_at', 'is', null)
          .executeTakeFirst();
        if (Number(done.numUpdatedRows) !== 1) return false;
        await mediaRepository(trx).addForJob(id, media);
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
