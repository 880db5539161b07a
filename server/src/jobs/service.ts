// The one way a job is made (ARCHITECTURE §4): the Idempotency-Key, the allowance reserved and the
// job inserted in one transaction that holds the user's row, the files it uses marked as used and
// the consents it relies on recorded or carried on, then the queue told. Two requests of one user
// never count the allowance at the same time, on SQLite or Postgres, in one process or many: a
// burst gets exactly what is left.
import { entitlements } from '../billing/entitlements.ts';
import type { Db } from '../db/index.ts';
import { batchesRepository, type BatchRow } from '../db/repositories/batches.ts';
import { charactersRepository } from '../db/repositories/characters.ts';
import { CHARACTER_MESSAGES } from '../../../contract/characters.ts';
import { consentsRepository, type NewConsent } from '../db/repositories/consents.ts';
import { userFilesRepository } from '../db/repositories/user-files.ts';
import { usersRepository } from '../db/repositories/users.ts';
import { HttpError } from '../http-error.ts';
import { createHash } from 'node:crypto';
import { QUEUE_MESSAGES } from '../../../contract/studio.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import type { MediaKind } from '../db/schema.ts';
import { isUserFileKey } from '../storage/user-files.ts';
import { jobFollowing, type FollowDeps } from './follow.ts';
import { sourcesOf, type JobInput } from './kinds.ts';
import type { JobQueue } from './queue.ts';
import { jobsRepository, type JobRow } from '../db/repositories/jobs.ts';

// A job as the service answers it (routes read it through here, not the repository).
export type { JobRow };

/**
 * Consent the request gave for outside media of a person (issue 26). A consent already recorded for
 * the same stored file (the link copy's) is carried on to the job; otherwise this one is recorded.
 */
export type ConsentClaim = Pick<NewConsent, 'call' | 'field' | 'link_url' | 'storage_key' | 'sha256'>;

export interface JobRequest {
  userId: string;
  input: JobInput;
  engine: string;
  idempotencyKey: string | null;
  /** SHA-256 of the call and its payload: the same key with another payload is refused. */
  requestHash: string;
  /** The user's uploads and link copies the job reads. */
  files: readonly string[];
  /** Consent for the outside media among `files`; the job refers to each record. */
  consents?: readonly ConsentClaim[];
  /** Consents already recorded that the job relies on too (a re-run relies on the first run's). */
  consentIds?: readonly string[];
  /** The user's character the job is for (issue 44; checked by the caller); null or absent for none. */
  characterId?: string | null;
  now: string;
}

/** One item of a batch: what a single call would make a job of. */
export type BatchItem = Pick<JobRequest, 'input' | 'files' | 'consents' | 'characterId'>;

export interface BatchRequest {
  userId: string;
  /** The spec's path every item is a body of. */
  call: string;
  /** Every item's kind: the capability of `call`. */
  kind: JobInput['kind'];
  items: readonly BatchItem[];
  engine: string;
  idempotencyKey: string | null;
  /** SHA-256 of the batch request (call and items). */
  requestHash: string;
  now: string;
}

export interface JobServiceDeps extends FollowDeps {
  queue: Pick<JobQueue, 'notify' | 'cancel'>;
}

/** Making jobs (here) and following the ones made (follow.ts): the job system's `service`. */
export function jobService(deps: JobServiceDeps) {
  const { db, queue } = deps;
  /** The job `key` names for this user if the request is the same one: 409 for another kind of call, 422 for another payload. */
  function sameRequest(job: JobRow, kind: string, requestHash: string): JobRow {
    assertSameRequest(job.kind === kind, job.request_hash, requestHash);
    return job;
  }

  /** Reserves the allowance and makes the job, or answers the job its key already made; 403 when nothing is left. */
  async function create(request: JobRequest): Promise<{ job: JobRow; created: boolean }> {
    const { userId, input, idempotencyKey, requestHash, now } = request;
    const made = await db.transaction().execute(async (trx) => {
      if (!(await usersRepository(trx).lock(userId))) throw new HttpError(401, 'Authentication required.');
      const jobs = jobsRepository(trx);
      const existing = idempotencyKey === null ? undefined : await jobs.byIdempotencyKey(userId, idempotencyKey);
      if (existing) return { job: sameRequest(existing, input.kind, requestHash), created: false };
      // Queued and running jobs count: under the lock, what this sees is everything already reserved.
      await entitlements(trx).assertMayStart(userId, input.kind, now);
      await assertCharacters(trx, userId, [request.characterId]);
      const { job } = await jobs.create({ userId, input, engine: request.engine, idempotencyKey, requestHash, characterId: request.characterId ?? null, now });
      await userFilesRepository(trx).markUsed(userId, request.files, job.id);
      await carryConsents(trx, userId, job.id, request.consents ?? [], now);
      await consentsRepository(trx).attachToJob(job.id, request.consentIds ?? []);
      return { job, created: true };
    });
    if (made.created) queue.notify(made.job.id);
    return made;
  }

  return {
    /** The job an earlier request with this key made, if any (checked as `create` would check it). */
    async replayOf(userId: string, key: string | null, kind: string, requestHash: string): Promise<JobRow | undefined> {
      if (key === null) return undefined;
      const job = await jobsRepository(db).byIdempotencyKey(userId, key);
      return job && sameRequest(job, kind, requestHash);
    },

    /** True when `key` already names one of the user's jobs (a replay is answered whatever is left of the allowance). */
    async keyUsed(userId: string, key: string | null): Promise<boolean> {
      return key !== null && (await jobsRepository(db).byIdempotencyKey(userId, key)) !== undefined;
    },

    create,

    /**
     * The user's finished job again (issue 29): the same input as a new job, made as `create` makes
     * one (allowance checked and reserved, 403 as the single call). 404 for a job not theirs, 409 while
     * it is not finished or when a file it read is no longer kept (QUEUE_MESSAGES).
     */
    async rerun(userId: string, jobId: string, engineOf: (kind: JobInput['kind']) => string, idempotencyKey: string | null, now: string): Promise<{ job: JobRow; created: boolean }> {
      const first = await jobsRepository(db).ofUser(userId, jobId);
      if (!first) throw new HttpError(404, 'Job not found.');
      if (first.status === 'queued' || first.status === 'running') throw new HttpError(409, QUEUE_MESSAGES.notFinished);
      const input = JSON.parse(first.input) as JobInput;
      const stored = sourcesOf(input).flatMap((s) => (s.type === 'stored' ? [s.key] : []));
      const files = stored.filter(isUserFileKey);
      const keptFiles = await userFilesRepository(db).kept(userId, files);
      const media = mediaRepository(db);
      for (const key of stored) {
        const kept = isUserFileKey(key) ? keptFiles.has(key) : (await media.ownedByKey(userId, key, MEDIA_KINDS)) !== undefined;
        if (!kept) throw new HttpError(409, QUEUE_MESSAGES.inputsGone);
      }
      const consentIds = (await consentsRepository(db).ofJob(first.id)).map((c) => c.id);
      const requestHash = createHash('sha256').update(`rerun\n${first.id}`).digest('hex');
      return create({ userId, input, engine: engineOf(input.kind), idempotencyKey, requestHash, files, consentIds, characterId: first.character_id, now });
    },

    /**
     * Makes every job of a batch, or none: the allowance is checked for all items at once (403
     * naming what the batch needs and what is left) and reserved with their jobs in one
     * transaction holding the user's row. A key already used answers that batch (409/422 as for a job).
     */
    async createBatch(request: BatchRequest): Promise<{ batch: BatchRow; jobs: JobRow[]; created: boolean }> {
      const { userId, call, kind, items, idempotencyKey, requestHash, now } = request;
      const made = await db.transaction().execute(async (trx) => {
        if (!(await usersRepository(trx).lock(userId))) throw new HttpError(401, 'Authentication required.');
        const batches = batchesRepository(trx);
        const jobs = jobsRepository(trx);
        const existing = idempotencyKey === null ? undefined : await batches.byIdempotencyKey(userId, idempotencyKey);
        if (existing) {
          assertSameRequest(existing.call === call, existing.request_hash, requestHash);
          return { batch: existing, jobs: await jobs.ofBatch(existing.id), created: false };
        }
        await entitlements(trx).assertMayStartMany(userId, kind, items.length, now);
        await assertCharacters(trx, userId, items.map((item) => item.characterId));
        const batch = await batches.create({ user_id: userId, call, total: items.length, idempotency_key: idempotencyKey, request_hash: requestHash, created_at: now });
        const made: JobRow[] = [];
        for (const [index, item] of items.entries()) {
          const { job } = await jobs.create({ userId, input: item.input, engine: request.engine, idempotencyKey: null, batch: { id: batch.id, index }, characterId: item.characterId ?? null, now });
          await userFilesRepository(trx).markUsed(userId, item.files, job.id);
          await carryConsents(trx, userId, job.id, item.consents ?? [], now);
          made.push(job);
        }
        return { batch, jobs: made, created: true };
      });
      if (made.created) for (const job of made.jobs) queue.notify(job.id);
      return made;
    },

    ...jobFollowing(deps),
  };
}

const MEDIA_KINDS: readonly MediaKind[] = ['face', 'image', 'video', 'cloth', 'imgTovideo', 'audio'];

/** What a key already used names must be the same request: 409 for another kind of call, 422 for another payload. */
function assertSameRequest(sameKind: boolean, storedHash: string | null, requestHash: string): void {
  if (!sameKind) throw new HttpError(409, 'This Idempotency-Key was used for another kind of request.');
  // Jobs made before request hashes were kept (null) match any payload.
  if (storedHash !== null && storedHash !== requestHash) throw new HttpError(422, 'This Idempotency-Key was used with another request payload.');
}

/** Each character a job is for is still the user's (the call checked it; it may have been deleted since): else 404. */
async function assertCharacters(db: Db, userId: string, ids: readonly (string | null | undefined)[]): Promise<void> {
  for (const id of new Set(ids)) {
    if (id && !(await charactersRepository(db).ofUserById(userId, id))) throw new HttpError(404, CHARACTER_MESSAGES.notFound);
  }
}

/** Records (or finds the link copy's) consent for each claim and links them to the job, inside its transaction. */
async function carryConsents(db: Db, userId: string, jobId: string, claims: readonly ConsentClaim[], now: string): Promise<void> {
  const consents = consentsRepository(db);
  const ids: string[] = [];
  for (const claim of claims) {
    const held = claim.storage_key === null ? undefined : await consents.coveringFile(userId, claim.storage_key);
    ids.push((held ?? (await consents.record({ ...claim, user_id: userId, created_at: now }))).id);
  }
  await consents.attachToJob(jobId, ids);
}

export type JobService = ReturnType<typeof jobService>;
