import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { GALLERY_GROUPS, GalleryBody, GallerySearchResponse, type GalleryGroup } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { mediaRepository, type GalleryPosition } from '../../db/repositories/media.ts';
import { encodeCursor, KIND_OF, parseSearch } from './gallery-search.ts';

/** The newest items per group the plain gallery answers (the page shows them all in tabs). */
const PER_GROUP = 500;

type Row = Awaited<ReturnType<ReturnType<typeof mediaRepository>['galleryPages']>>[number][number];

/** A row as its group's item, at `url` (object literals, not spreads of a shared base: a page has hundreds). */
function itemOf(group: GalleryGroup, r: Row, url: string, urlOf: (key: string) => string) {
  const { id, created_at, job_id } = r;
  switch (group) {
    case 'faces': return { id, created_at, job_id, image_url: url, gender: r.gender, face_prompt: r.face_prompt };
    case 'images': return { id, created_at, job_id, image_url: url, gender: r.gender, upscaled_from: r.upscaled_from === null ? null : urlOf(r.upscaled_from), scale: r.scale };
    case 'cloth': return { id, created_at, job_id, gen_image_url: url };
    case 'audio': return { id, created_at, job_id, audio_url: url };
    case 'videos':
    case 'gen_video': return { id, created_at, job_id, video_url: url };
  }
}

/**
 * Each app's items as JSON, by gallery item: written once while the item's gallery is kept in
 * memory (db/gallery-cache.ts, which counts them in its budget) and let go with it, instead of
 * serialising hundreds of items for every answer (a 300-item search spent more on that than on
 * anything else). An answer is these joined.
 */
const itemJson = new WeakMap<object, WeakMap<Row, string>>();

/** The answer's JSON: each group's items, then next_cursor when there is one. The items are itemOf's, as GallerySearchResponse has them. */
function answerJson(app: FastifyInstance, groups: readonly GalleryGroup[], pages: readonly (readonly Row[])[], nextCursor?: string): string {
  let written = itemJson.get(app);
  if (!written) itemJson.set(app, (written = new WeakMap()));
  const json = (g: GalleryGroup, r: Row): string => {
    let text = written.get(r);
    // URLs from the storage key, so a MEDIA_BASE_URL changed later still gives working links.
    if (text === undefined) written.set(r, (text = JSON.stringify(itemOf(g, r, app.storage.url(r.storage_key), (key) => app.storage.url(key)))));
    return text;
  };
  const parts = groups.map((g, i) => `${JSON.stringify(g)}:[${pages[i]!.map((r) => json(g, r)).join(',')}]`);
  if (nextCursor !== undefined) parts.push(`"next_cursor":${JSON.stringify(nextCursor)}`);
  return `{${parts.join(',')}}`;
}

/** Sends JSON text as it is (Fastify serialises only what is not yet a string). */
const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json as never);

/**
 * POST /gallery/ {user_id}: the user's media by group (spec §3), newest first; items without a URL dropped.
 * With q, kinds, from, to, limit or cursor (issue 29): a search, a page of each group asked for
 * and next_cursor while any has more.
 */
const gallery: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/gallery/',
    { schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary: "The user's generated media by group, or a search of it", body: GalleryBody, response: withErrors({ 200: GallerySearchResponse }, 400, 401, 403) } },
    async (request, reply) => {
      const { id } = requireUser(request);
      const media = mediaRepository(app.db);
      const search = parseSearch(request.body);
      if (!search) return sendJson(reply, answerJson(app, GALLERY_GROUPS, await media.galleryPages(id, GALLERY_GROUPS.map((g) => ({ kind: KIND_OF[g] })), { limit: PER_GROUP })));
      const { limit, words, from, to } = search;
      // A group answered to its end (null in the cursor) stays empty; the others get a page each, one more than the limit to tell whether it goes on.
      const open = search.groups.filter((g) => search.after.get(g) !== null);
      const pages = await media.galleryPages(id, open.map((g) => ({ kind: KIND_OF[g], after: search.after.get(g) ?? undefined })), { words, from, to, limit: limit + 1 });
      const next = new Map<GalleryGroup, GalleryPosition | null>();
      const answered = search.groups.map((g) => {
        const page = pages[open.indexOf(g)] ?? [];
        next.set(g, page.length > limit ? page[limit - 1]! : null);
        return page.slice(0, limit);
      });
      const more = [...next.values()].some((at) => at !== null);
      return sendJson(reply, answerJson(app, search.groups, answered, more ? encodeCursor(search, next) : undefined));
    },
  );
};

export default gallery;
