import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { AcceptedResponse, JobIdParams, JobList, JobListQuery, JobMoveBody, JobView, QUEUE_MESSAGES } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';

import { HttpError } from '../../http-error.ts';
import type { JobRow } from '../../db/repositories/jobs.ts';
import type { Estimate } from '../../jobs/eta.ts';
import { jobView } from '../../jobs/views.ts';
import { idempotencyKeyOf, servedEngine } from '../studio/submit.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['jobs'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'Job not found.';

/** The views of `jobs`, with the queue's estimates read once when any of them is queued or running. */
export async function jobViews(app: FastifyInstance, jobs: readonly JobRow[]): Promise<JobView[]> {
  const open = jobs.some((j) => j.status === 'queued' || j.status === 'running');
  const estimates = open ? await app.jobs.estimates() : new Map<string, Estimate>();
  return jobs.map((j) => jobView(j, estimates));
}

/** The user's cancel of one of their jobs: a queued job ends now, a running one is stopped where it runs; undefined when it is not theirs. */
export async function cancelJob(app: FastifyInstance, userId: string, jobId: string): Promise<JobRow | undefined> {
  const job = await app.jobs.repo.requestCancel(userId, jobId, isoAt(app.now()));
  // Stop it now where it runs (its runner would also see the request at its next heartbeat).
  if (job?.status === 'running') app.jobs.queue.cancel(job.id);
  // A queued job ended here, not in a runner: its webhooks are announced now.
  if (job?.status === 'canceled') app.webhooks.announceJob(job.id);
  return job;
}

/** A page of GET /api/jobs: how many jobs the earlier pages listed. */
const CURSOR = /^o([0-9]{1,9})$/;
const cursorOf = (listed: number) => `o${listed}`;

/**
 * GET /api/jobs/{id}, GET /api/jobs, POST /api/jobs/{id}/cancel, /move, /rerun: the caller's own
 * jobs only (another user's is as absent as a missing one).
 */
const jobs: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  app.addHook('preHandler', app.authenticate);

  const one = async (job: JobRow | undefined): Promise<JobView> => {
    if (!job) throw new HttpError(404, NOT_FOUND);
    return (await jobViews(app, [job]))[0]!;
  };

  app.get(
    '/jobs/:id',
    { schema: { tags: TAGS, security, summary: 'A job: status, progress 0-100, position and ETA in the queue, result fields, error, engine', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => one(await app.jobs.repo.ofUser(requireUser(request).id, request.params.id)),
  );

  app.get(
    '/jobs',
    {
      schema: {
        tags: TAGS, security,
        summary: "The caller's jobs: running, then queued in the order the queue will run them, then finished ones newest first",
        querystring: JobListQuery, response: withErrors({ 200: JobList }, 400, 401),
      },
    },
    async (request) => {
      const statuses = request.query.status ? request.query.status.split(',') : null;
      const limit = request.query.limit ?? 20;
      const cursor = request.query.cursor;
      const match = cursor === undefined ? null : CURSOR.exec(cursor);
      if (cursor !== undefined && !match) throw new HttpError(400, 'The cursor is not one this list gave.', 'cursor');
      const after = match ? Number(match[1]) : 0;
      // One more than asked says whether another page follows.
      const rows = await app.jobs.repo.listed(requireUser(request).id, statuses, after, limit + 1);
      const page = rows.slice(0, limit);
      return { jobs: await jobViews(app, page), next_cursor: rows.length > limit ? cursorOf(after + limit) : null };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    { schema: { tags: TAGS, security, summary: 'Cancel a queued or running job', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => one(await cancelJob(app, requireUser(request).id, request.params.id)),
  );

  app.post(
    '/jobs/:id/move',
    {
      schema: {
        tags: TAGS, security,
        summary: "Move a queued job to the front or back of the caller's own queued jobs (409 once it started or ended)",
        params: JobIdParams, body: JobMoveBody, response: withErrors({ 200: JobView }, 400, 401, 404, 409),
      },
    },
    async (request) => {
      const job = await app.jobs.repo.move(requireUser(request).id, request.params.id, request.body.to, isoAt(app.now()));
      if (job && job.status !== 'queued') throw new HttpError(409, QUEUE_MESSAGES.notQueued);
      return one(job);
    },
  );

  app.post(
    '/jobs/:id/rerun',
    {
      schema: {
        tags: TAGS, security,
        summary: 'Run a finished job (succeeded, failed or canceled) again with the same input, as a new job charged as a new one',
        description: 'Answers 202 with the new job (Location: /api/jobs/{job_id}); 403 when the plan has nothing left, as the single call; 409 while the job is not finished or when a file it read is no longer kept. An Idempotency-Key makes a retried request answer the same new job.',
        params: JobIdParams, response: withErrors({ 202: AcceptedResponse }, 400, 401, 403, 404, 409, 422, 503),
      },
    },
    async (request, reply) => {
      const { job } = await app.jobs.service.rerun(
        requireUser(request).id, request.params.id, (kind) => servedEngine(app, kind), idempotencyKeyOf(request), isoAt(app.now()),
      );
      return reply.code(202).header('location', `/api/jobs/${job.id}`).send({ job_id: job.id });
    },
  );
};

export default jobs;
