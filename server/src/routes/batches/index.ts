import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BatchIdParams, BatchView } from '../../../../contract/batches.ts';
import { withErrors } from '../../../../contract/common.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['batches'];
const security = [{ bearer: [] }];

/** GET /api/batches/{id}, POST /api/batches/{id}/cancel: the caller's own batches only (POST /api/batches is in submit.ts). */
const batches: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/batches/:id',
    { schema: { tags: TAGS, security, summary: "A batch: its jobs' views and how many are queued, running, succeeded, failed, canceled", params: BatchIdParams, response: withErrors({ 200: BatchView }, 401, 404) } },
    async (request) => app.jobs.service.batch(requireUser(request).id, request.params.id),
  );

  app.post(
    '/batches/:id/cancel',
    { schema: { tags: TAGS, security, summary: 'Cancel every queued or running job of a batch', params: BatchIdParams, response: withErrors({ 200: BatchView }, 401, 404) } },
    async (request) => app.jobs.service.cancelBatch(requireUser(request).id, request.params.id, isoAt(app.now())),
  );
};

export default batches;
