// The user's gallery items (issue 45; PATCH /api/media/{id} came with characters, issue 44): read
// one's details, move it to a character, mark favourites, delete, one or many at once. Signed-in
// users and their API keys, on their own items only (another user's is as absent as a missing
// one: 404; for many, one such id refuses them all and nothing changes).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { MediaBulkDeleteBody, MediaBulkPatchBody, MediaBulkResponse, MediaDetails, MediaIdParams, MediaPatchBody, MediaPatchResponse } from '../../../../contract/media.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';

const tags = ['media'];
const security = [{ bearer: [] }];

const media: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  app.addHook('onRequest', app.authenticate);
  const { service } = app.media;

  app.get(
    '/media/:id',
    { schema: { tags, security, summary: 'A gallery item with everything that made it: settings, inputs, AI mark', params: MediaIdParams, response: withErrors({ 200: MediaDetails }, 400, 401, 404) } },
    async (request) => service.details(requireUser(request).id, request.params.id),
  );

  app.patch(
    '/media/:id',
    {
      schema: {
        tags, security, summary: 'Move a gallery item to another character (or to none: character_id null) and/or mark it a favourite',
        params: MediaIdParams, body: MediaPatchBody, response: withErrors({ 200: MediaPatchResponse }, 400, 401, 404),
      },
    },
    async (request) => service.patch(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/media/:id',
    { schema: { tags, security, summary: 'Delete a gallery item: gone from the gallery at once, its files within a minute', params: MediaIdParams, response: withErrors({ 204: Type.Null() }, 400, 401, 404) } },
    async (request, reply) => {
      await service.remove(requireUser(request).id, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/media/',
    { schema: { tags, security, summary: 'Mark or unmark many gallery items a favourite (all or nothing)', body: MediaBulkPatchBody, response: withErrors({ 200: MediaBulkResponse }, 400, 401, 404) } },
    async (request) => ({ count: await service.setFavourite(requireUser(request).id, request.body.ids, request.body.favourite) }),
  );

  app.post(
    '/media/delete',
    { schema: { tags, security, summary: 'Delete many gallery items (all or nothing)', body: MediaBulkDeleteBody, response: withErrors({ 200: MediaBulkResponse }, 400, 401, 404) } },
    async (request) => ({ count: await service.remove(requireUser(request).id, request.body.ids) }),
  );
};

export default media;
