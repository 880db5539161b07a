// POST /api/batches (issue 29): many jobs of one JSON generation call at once. Registered inside
// the studio's scope, so it passes the same gate as a single call (rate limit, token, security
// key, an active plan) and the same user_id rule. Every item is then checked exactly as its single
// call checks its body (the call's own schema through the route's validator, then its own rules
// in studio/calls.ts) before anything is stored; the job service makes all the jobs or none.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaValidationError } from 'fastify';
import { BATCH_CALLS, BatchAccepted, BatchBody, MULTIPART_CALLS } from '../../../../contract/batches.ts';
import { withErrors } from '../../../../contract/common.ts';
import { assertSameUser, requireUser } from '../../auth/plugin.ts';

import { HttpError } from '../../http-error.ts';
import type { BatchItem } from '../../jobs/service.ts';
import { describeValidation } from '../../plugins/errors.ts';
import type { JsonCall } from '../studio/calls.ts';
import { idempotencyKeyOf, requestHashOf, servedEngine } from '../studio/submit.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['batches'];
const security = [{ bearer: [], securityKey: [] }];

/** An item's refusal, with its index in the message and the field: `items[2]: Please enter a prompt.` (items.2.prompt). */
function itemError(index: number, status: number, message: string, field?: string): HttpError {
  return new HttpError(status, `items[${index}]: ${message}`, field ? `items.${index}.${field}` : `items.${index}`);
}

const batchSubmit: FastifyPluginAsyncTypebox<{ calls: ReadonlyMap<string, JsonCall> }> = async (app, { calls }) => {
  app.post(
    '/batches',
    {
      config: { needs: 'plan' },
      schema: {
        tags: TAGS, security, summary: 'Many jobs of one JSON generation call: all reserved at once, or none',
        body: BatchBody, response: withErrors({ 202: BatchAccepted }, 400, 401, 403, 409, 422, 429, 503),
      },
    },
    async (request, reply) => {
      const { id: userId } = requireUser(request);
      const call = calls.get(request.body.call);
      if (!call) {
        const why = MULTIPART_CALLS.includes(request.body.call) ? `${request.body.call} is a multipart call and cannot be batched` : 'call is not a generation call';
        throw new HttpError(400, `${why}; call must be one of ${BATCH_CALLS.join(', ')}.`, 'call');
      }
      const engine = servedEngine(app, call.capability);
      const validate = request.compileValidationSchema(call.body, 'body');
      const items: BatchItem[] = [];
      for (const [index, body] of request.body.items.entries()) {
        if (!validate(body)) {
          const { error, field } = describeValidation((validate.errors ?? []) as FastifySchemaValidationError[], 'body');
          throw itemError(index, 400, error, field);
        }
        try {
          assertSameUser(request, (body as { user_id?: unknown }).user_id);
          const { input, options } = await call.prepare(userId, body);
          items.push({ input, files: options.files ?? [], consents: options.consents, characterId: options.characterId ?? null });
        } catch (err) {
          if (err instanceof HttpError) throw itemError(index, err.statusCode, err.message, err.field ?? (err.statusCode === 403 ? 'user_id' : undefined));
          throw err;
        }
      }
      const { batch, jobs, created } = await app.jobs.service.createBatch({
        userId, call: call.path, kind: call.capability, items, engine,
        idempotencyKey: idempotencyKeyOf(request), requestHash: requestHashOf(request), now: isoAt(app.now()),
      });
      if (created) request.log.info({ batchId: batch.id, call: batch.call, jobs: jobs.length }, 'batch queued');
      return reply.code(202).header('location', `/api/batches/${batch.id}`).send({ batch_id: batch.id, job_ids: jobs.map((j) => j.id) });
    },
  );
};

export default batchSubmit;
