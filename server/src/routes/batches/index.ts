import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { BatchIdParams, BatchView } from '../../../../contract/batches.ts';
import { withErrors } from '../../../../contract/common.ts';
import type { JobView } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import { batchesRepository, type BatchRow } from '../../db/repositories/batches.ts';
import type { JobRow } from '../../db/repositories/jobs.ts';
import { HttpError } from '../../http-error.ts';
import { batchViewOf } from '../../jobs/views.ts';
import { cancelJob, jobViews } from '../jobs/index.ts';

const TAGS = ['batches'];
const security = [{ bearer: [] }];
const NOT_FOUND = 'Batch not found.';

/**
 * A batch as the page follows it: counts per status, each job's view (as GET /api/jobs/{id}) and,
 * while any job is queued or running, when its last job ends.
 */
export async function batchView(app: FastifyInstance, batch: BatchRow, jobs: readonly JobRow[]): Promise<BatchView> {
  return batchViewOf(batch, jobs, await jobViews(app, jobs));
}

/** The caller's batch with its jobs; 404 for a missing one or another user's. */
async function ownBatch(app: FastifyInstance, userId: string, id: string): Promise<{ batch: BatchRow; jobs: JobRow[] }> {
  const batch = await batchesRepository(app.db).ofUser(userId, id);
  if (!batch) throw new HttpError(404, NOT_FOUND);
  return { batch, jobs: await app.jobs.repo.ofBatch(batch.id) };
}

/** GET /api/batches/{id}, POST /api/batches/{id}/cancel: the caller's own batches only (POST /api/batches is in submit.ts). */
const batches: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/batches/:id',
    { schema: { tags: TAGS, security, summary: "A batch: its jobs' views and how many are queued, running, succeeded, failed, canceled", params: BatchIdParams, response: withErrors({ 200: BatchView }, 401, 404) } },
    async (request) => {
      const { batch, jobs } = await ownBatch(app, requireUser(request).id, request.params.id);
      return batchView(app, batch, jobs);
    },
  );

  app.post(
    '/batches/:id/cancel',
    { schema: { tags: TAGS, security, summary: 'Cancel every queued or running job of a batch', params: BatchIdParams, response: withErrors({ 200: BatchView }, 401, 404) } },
    async (request) => {
      const userId = requireUser(request).id;
      const { batch, jobs } = await ownBatch(app, userId, request.params.id);
      // Each as the single cancel does it; jobs already over stay as they are.
      const after: JobRow[] = [];
      for (const job of jobs) after.push(job.status === 'queued' || job.status === 'running' ? ((await cancelJob(app, userId, job.id)) ?? job) : job);
      return batchView(app, batch, after);
    },
  );
};

export default batches;
