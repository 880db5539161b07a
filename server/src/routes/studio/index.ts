import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { CAPABILITIES, type Capability } from '../../../../contract/capabilities.ts';
import { AcceptedResponse } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import batchSubmit from '../batches/submit.ts';
import { jsonCalls } from './calls.ts';
import downloads from './downloads.ts';
import gallery from './gallery.ts';
import uploads from './uploads.ts';
import { sameUserAsBody, studioGate, submitter } from './submit.ts';

const TAGS = ['studio'];
export const STUDIO_SECURITY = [{ bearer: [], securityKey: [] }];
export const GENERATION_ERRORS = [400, 401, 403, 409, 422, 429, 503] as const;

/** The studio's generation calls (spec document 2 §7), each one job (ARCHITECTURE §4). */
const studio: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  // Spec §7: generation calls carry the security-key header (a marker of our client, not a boundary: ARCHITECTURE §3).
  for (const hook of studioGate(app, app.config.generation.securityKey)) app.addHook('onRequest', hook);
  app.addHook('preHandler', sameUserAsBody);
  const submit = submitter(app);
  /** A call's route options from its capability's descriptor: the gate's `needs`, the body and response schemas. */
  const generation = <C extends Capability, B extends TSchema>(needs: C, call: { summary: string; body: B }) => ({
    config: { needs },
    schema: { tags: TAGS, security: STUDIO_SECURITY, summary: call.summary, body: call.body, response: withErrors({ 200: CAPABILITIES[needs].response, 202: AcceptedResponse }, ...GENERATION_ERRORS) },
  });
  // Every JSON call: its capability's checks (calls.ts), then the job.
  const calls = jsonCalls(app);
  for (const call of calls.values()) {
    app.post(call.path, generation(call.capability, call), async (request, reply) => {
      const { input, options } = await call.prepare(requireUser(request).id, request.body);
      return submit(request, reply, input, options);
    });
  }

  await app.register(uploads, { submit });
  // POST /api/batches: items of the JSON calls above, behind the same gate.
  await app.register(batchSubmit, { calls });
  await app.register(downloads);
  await app.register(gallery);
};

export default studio;
