import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import batchSubmit from '../batches/submit.ts';
import { jsonCalls } from './calls.ts';
import downloads from './downloads.ts';
import gallery from './gallery.ts';
import { jsonRoute } from './options.ts';
import uploads from './uploads.ts';
import { sameUserAsBody, studioGate, submitter } from './submit.ts';

/** The studio's generation calls (spec document 2 §7), each one job (ARCHITECTURE §4). */
const studio: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  // Spec §7: generation calls carry the security-key header (a marker of our client, not a boundary: ARCHITECTURE §3).
  for (const hook of studioGate(app, app.config.generation.securityKey)) app.addHook('onRequest', hook);
  app.addHook('preHandler', sameUserAsBody);
  const submit = submitter(app);
  // Every JSON call: its capability's checks (calls.ts), then the job.
  const calls = jsonCalls(app);
  for (const call of calls.values()) {
    app.post(call.path, jsonRoute(call.capability, call), async (request, reply) => {
      const { input, options } = await call.prepare(requireUser(request).id, request.body);
      return submit(request, reply, input, options);
    });
  }

  // Every multipart call: its fields and files read and checked (uploads.ts), then the job.
  await app.register(uploads, { submit });
  // POST /api/batches: items of the JSON calls above, behind the same gate.
  await app.register(batchSubmit, { calls });
  await app.register(downloads);
  await app.register(gallery);
};

export default studio;
