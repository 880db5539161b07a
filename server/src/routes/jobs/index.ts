import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { AcceptedResponse, JobIdParams, JobList, JobListQuery, JobMoveBody, JobView } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';

import { HttpError } from '../../http-error.ts';
import { idempotencyKeyOf, servedEngine } from '../studio/submit.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['jobs'];
const security = [{ bearer: [] }];

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

  app.get(
    '/jobs/:id',
    { schema: { tags: TAGS, security, summary: 'A job: status, progress 0-100, position and ETA in the queue, result fields, error, engine', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => app.jobs.service.job(requireUser(request).id, request.params.id),
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
      const { jobs: page, more } = await app.jobs.service.list(requireUser(request).id, statuses, after, limit);
      return { jobs: page, next_cursor: more ? cursorOf(after + limit) : null };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    { schema: { tags: TAGS, security, summary: 'Cancel a queued or running job', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => app.jobs.service.cancel(requireUser(request).id, request.params.id, isoAt(app.now())),
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
    async (request) => app.jobs.service.move(requireUser(request).id, request.params.id, request.body.to, isoAt(app.now())),
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
