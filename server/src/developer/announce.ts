// Turns a settled job into webhook deliveries: its job.* event, and batch.completed when it was the
// last of its batch to end. Announcing twice adds nothing (webhook_deliveries' unique event key).
import type { FastifyBaseLogger } from 'fastify';
import type { WebhookEvent } from '../../../contract/developer.ts';
import type { Db } from '../db/index.ts';
import { batchesRepository } from '../db/repositories/batches.ts';
import { jobsRepository, type JobRow } from '../db/repositories/jobs.ts';
import { webhooksRepository } from '../db/repositories/webhooks.ts';
import { batchViewOf, jobViews, type UrlOf } from '../jobs/views.ts';
import { isoAt } from '../time.ts';


const JOB_EVENTS: Partial<Record<JobRow['status'], WebhookEvent>> = { succeeded: 'job.succeeded', failed: 'job.failed', canceled: 'job.canceled' };

export interface Announcer {
  /** Enqueues the deliveries of a job that ended (nothing for a job still queued or running); resolves with how many were added. */
  job(jobId: string): Promise<number>;
}

export function announcer(db: Db, now: () => number, log: FastifyBaseLogger, urlOf: UrlOf): Announcer {
  /** Jobs that ended have no place in the queue: their views need no estimates. */
  const settledViews = (rows: readonly JobRow[]) => jobViews(db, rows, new Map(), urlOf);
  const jobs = jobsRepository(db);
  const batches = batchesRepository(db);
  const webhooks = webhooksRepository(db);
  const body = (type: WebhookEvent, timestamp: string, data: unknown) => JSON.stringify({ type, timestamp, data });

  async function batchCompleted(job: JobRow): Promise<number> {
    if (!job.batch_id) return 0;
    const batch = await batches.byId(job.batch_id);
    const all = await jobs.ofBatch(job.batch_id);
    if (!batch || all.length < batch.total || all.some((j) => !JOB_EVENTS[j.status])) return 0;
    const last = all.map((j) => j.finished_at ?? j.updated_at).sort().at(-1) ?? job.updated_at;
    return webhooks.enqueue(batch.user_id, 'batch.completed', `batch:${batch.id}`, body('batch.completed', last, batchViewOf(batch, all, await settledViews(all))), last, isoAt(now()));
  }

  return {
    async job(jobId) {
      const job = await jobs.byId(jobId);
      const event = job && JOB_EVENTS[job.status];
      if (!job || !event) return 0;
      const at = job.finished_at ?? job.updated_at;
      const added = await webhooks.enqueue(job.user_id, event, `job:${job.id}`, body(event, at, (await settledViews([job]))[0]), at, isoAt(now()));
      const batch = await batchCompleted(job).catch((err: unknown) => {
        log.error({ err, jobId }, 'webhooks: could not announce a batch');
        return 0;
      });
      return added + batch;
    },
  };
}
