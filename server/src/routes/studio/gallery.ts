import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { GalleryBody, GallerySearchResponse } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { itemOf } from '../../gallery/items.ts';
import { galleryService, type GalleryAnswer, type PieceWriter } from '../../gallery/service.ts';
import { encodeCursor, parseSearch, type Search } from './gallery-search.ts';

/** The answer's JSON: each group's item pieces, then next_cursor when there is one (GallerySearchResponse's shape). */
function answerJson({ groups, pieces, next }: GalleryAnswer, search: Search | null): string {
  const parts = groups.map((g, i) => `${JSON.stringify(g)}:[${pieces[i]!.join(',')}]`);
  if (search && next) parts.push(`"next_cursor":${JSON.stringify(encodeCursor(search, next))}`);
  return `{${parts.join(',')}}`;
}

/** Sends JSON text as it is (Fastify serialises only what is not yet a string). */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json as never);

/**
 * POST /gallery/ {user_id}: the user's media by group (spec §3), newest first; items without a URL dropped.
 * With q, kinds, from, to, limit or cursor (issue 29): a search, a page of each group asked for
 * and next_cursor while any has more. With character (issue 44): only that character's items, or
 * ("none") items of no character; 404 for a character not the user's.
 */
const gallery: FastifyPluginAsyncTypebox = async (app) => {
  const service = galleryService(app.db);
  // One writer per app, so that each item's piece is written once (the gallery keeps it). URLs from
  // the storage key, so a MEDIA_BASE_URL changed later still gives working links.
  const piece: PieceWriter = (item) => JSON.stringify(itemOf(item, (key) => app.storage.url(key)));
  app.post(
    '/gallery/',
    { schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary: "The user's generated media by group, or a search of it", body: GalleryBody, response: withErrors({ 200: GallerySearchResponse }, 400, 401, 403, 404) } },
    async (request, reply) => {
      const { id } = requireUser(request);
      const search = parseSearch(request.body);
      return sendJson(reply, answerJson(await service.find(id, search, piece), search));
    },
  );
};

export default gallery;
