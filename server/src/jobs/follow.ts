// What a user does with jobs and batches already made: follows them (their views, with the
// queue's position and ETA), lists, cancels and moves them. Always the user's own: another user's
// job or batch is as absent as a missing one (404).
import type { BatchView } from '../../../contract/batches.ts';
import { QUEUE_MESSAGES, type JobView } from '../../../contract/studio.ts';
import type { Db } from '../db/index.ts';
import { batchesRepository, type BatchRow } from '../db/repositories/batches.ts';
import { jobsRepository, type JobRow } from '../db/repositories/jobs.ts';
import { HttpError } from '../http-error.ts';
import type { Estimate } from './eta.ts';
import type { JobQueue } from './queue.ts';
import { batchViewOf, jobViews, type UrlOf } from './views.ts';

const JOB_NOT_FOUND = 'Job not found.';
const BATCH_NOT_FOUND = 'Batch not found.';

export interface FollowDeps {
  db: Db;
  queue: Pick<JobQueue, 'cancel'>;
  /** Position and ETA of every queued and running job (the job system's). */
  estimates(): Promise<Map<string, Estimate>>;
  /** The job system's settled signal: a job canceled while queued ended here, not in a runner (its webhooks are announced on it). */
  settled(jobId: string): void;
  /** The URL of a stored key (the views' input thumbnails). */
  urlOf: UrlOf;
}

const isOpen = (job: JobRow) => job.status === 'queued' || job.status === 'running';

export function jobFollowing({ db, queue, estimates, settled, urlOf }: FollowDeps) {
  const jobs = jobsRepository(db);

  /**
   * The views of `rows`, with the queue's estimates read once when any of them is queued or running,
   * and the sizes of the succeeded ones' results in one read.
   */
  async function viewsOf(rows: readonly JobRow[]): Promise<JobView[]> {
    const known = rows.some(isOpen) ? await estimates() : new Map<string, Estimate>();
    return jobViews(db, rows, known, urlOf);
  }

  async function viewOf(job: JobRow | undefined): Promise<JobView> {
    if (!job) throw new HttpError(404, JOB_NOT_FOUND);
    return (await viewsOf([job]))[0]!;
  }

  /** A queued job ends now, a running one is stopped where it runs; undefined when it is not the user's. */
  async function cancelOne(userId: string, jobId: string, now: string): Promise<JobRow | undefined> {
    const job = await jobs.requestCancel(userId, jobId, now);
    // Stop it now where it runs (its runner would also see the request at its next heartbeat).
    if (job?.status === 'running') queue.cancel(job.id);
    if (job?.status === 'canceled') settled(job.id);
    return job;
  }

  /** The user's batch with its jobs; 404 for a missing one or another user's. */
  async function ownBatch(userId: string, id: string): Promise<{ batch: BatchRow; jobs: JobRow[] }> {
    const batch = await batchesRepository(db).ofUser(userId, id);
    if (!batch) throw new HttpError(404, BATCH_NOT_FOUND);
    return { batch, jobs: await jobs.ofBatch(batch.id) };
  }

  /** A batch as the page follows it: counts per status, each job's view and, while any is open, when its last job ends. */
  const batchView = async (batch: BatchRow, rows: readonly JobRow[]): Promise<BatchView> => batchViewOf(batch, rows, await viewsOf(rows));

  return {
    /** The user's job: status, progress, position and ETA, result fields; 404 when not theirs. */
    job: async (userId: string, jobId: string): Promise<JobView> => viewOf(await jobs.ofUser(userId, jobId)),

    /**
     * The user's jobs in `statuses` (all with null) as the queue will run them, then finished ones
     * newest first: `limit` of them after the first `after`, and whether more follow.
     */
    async list(userId: string, statuses: readonly string[] | null, after: number, limit: number): Promise<{ jobs: JobView[]; more: boolean }> {
      // One more than asked says whether another page follows.
      const rows = await jobs.listed(userId, statuses, after, limit + 1);
      return { jobs: await viewsOf(rows.slice(0, limit)), more: rows.length > limit };
    },

    /** Cancels the user's queued or running job; its view after; 404 when not theirs. */
    cancel: async (userId: string, jobId: string, now: string): Promise<JobView> => viewOf(await cancelOne(userId, jobId, now)),

    /** The user's queued job to the front or back of their own queued jobs; 409 once it started or ended, 404 when not theirs. */
    async move(userId: string, jobId: string, to: 'front' | 'back', now: string): Promise<JobView> {
      const job = await jobs.move(userId, jobId, to, now);
      if (job && job.status !== 'queued') throw new HttpError(409, QUEUE_MESSAGES.notQueued);
      return viewOf(job);
    },

    /** The user's batch; 404 when not theirs. */
    async batch(userId: string, batchId: string): Promise<BatchView> {
      const { batch, jobs: rows } = await ownBatch(userId, batchId);
      return batchView(batch, rows);
    },

    /** Cancels every open job of the user's batch, each as the single cancel does; jobs already over stay as they are. */
    async cancelBatch(userId: string, batchId: string, now: string): Promise<BatchView> {
      const { batch, jobs: rows } = await ownBatch(userId, batchId);
      const after: JobRow[] = [];
      for (const job of rows) after.push(isOpen(job) ? ((await cancelOne(userId, job.id, now)) ?? job) : job);
      return batchView(batch, after);
    },
  };
}
