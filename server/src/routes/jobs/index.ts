import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { JobIdParams, JobList, JobListQuery, JobView } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import { isoAt } from '../../auth/rules.ts';
import { HttpError } from '../../http-error.ts';
import type { JobRow } from '../../db/repositories/jobs.ts';

const TAGS = ['jobs'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'Job not found.';

/** A job as the page sees it: status, progress, engine, error and, once succeeded, its result fields. */
export function jobView(job: JobRow): JobView {
  const result = job.status === 'succeeded' && job.result ? (JSON.parse(job.result) as Record<string, string>) : {};
  const { face_prompt: _facePrompt, ...fields } = result;
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.status === 'succeeded' ? 100 : job.progress,
    engine: job.engine,
    error: job.status === 'failed' ? (job.error ?? 'The job failed.') : null,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
    ...fields,
  };
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

/** GET /api/jobs/{id}, GET /api/jobs?status=…, POST /api/jobs/{id}/cancel: the caller's own jobs only. */
const jobs: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/jobs/:id',
    { schema: { tags: TAGS, security, summary: 'A job: status, progress 0-100, result fields, error, engine', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => {
      const job = await app.jobs.repo.ofUser(requireUser(request).id, request.params.id);
      if (!job) throw new HttpError(404, NOT_FOUND);
      return jobView(job);
    },
  );

  app.get(
    '/jobs',
    { schema: { tags: TAGS, security, summary: "The caller's recent jobs, newest first", querystring: JobListQuery, response: withErrors({ 200: JobList }, 400, 401) } },
    async (request) => {
      const statuses = request.query.status ? request.query.status.split(',') : null;
      const rows = await app.jobs.repo.recent(requireUser(request).id, statuses, request.query.limit ?? 20);
      return { jobs: rows.map(jobView) };
    },
  );

  app.post(
    '/jobs/:id/cancel',
    { schema: { tags: TAGS, security, summary: 'Cancel a queued or running job', params: JobIdParams, response: withErrors({ 200: JobView }, 401, 404) } },
    async (request) => {
      const job = await cancelJob(app, requireUser(request).id, request.params.id);
      if (!job) throw new HttpError(404, NOT_FOUND);
      return jobView(job);
    },
  );
};

export default jobs;
