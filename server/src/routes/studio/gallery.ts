import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { GALLERY_GROUPS, GalleryBody, GallerySearchResponse, type GalleryGroup, type GalleryResponse } from '../../../../contract/studio.ts';
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
 * POST /gallery/ {user_id}: the user's media by group (spec §3), newest first; items without a URL dropped.
 * With q, kinds, from, to, limit or cursor (issue 29): a search, a page of each group asked for
 * and next_cursor while any has more.
 */
const gallery: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/gallery/',
    { schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary: "The user's generated media by group, or a search of it", body: GalleryBody, response: withErrors({ 200: GallerySearchResponse }, 400, 401, 403) } },
    async (request) => {
      const { id } = requireUser(request);
      const media = mediaRepository(app.db);
      // URLs from the storage key, so a MEDIA_BASE_URL changed later still gives working links.
      const item = (g: GalleryGroup) => (r: Row) => itemOf(g, r, app.storage.url(r.storage_key), (key) => app.storage.url(key));
      const search = parseSearch(request.body);
      if (!search) {
        const pages = await media.galleryPages(id, GALLERY_GROUPS.map((g) => ({ kind: KIND_OF[g] })), { limit: PER_GROUP });
        return Object.fromEntries(GALLERY_GROUPS.map((g, i) => [g, pages[i]!.map(item(g))])) as GalleryResponse;
      }
      const { limit, words, from, to } = search;
      const next = new Map<GalleryGroup, GalleryPosition | null>();
      const answer: Record<string, unknown> = {};
      // A group answered to its end (null in the cursor) stays empty; the others get a page each, one more than the limit to tell whether it goes on.
      const open = search.groups.filter((g) => search.after.get(g) !== null);
      const pages = await media.galleryPages(id, open.map((g) => ({ kind: KIND_OF[g], after: search.after.get(g) ?? undefined })), { words, from, to, limit: limit + 1 });
      for (const g of search.groups) {
        const rows = pages[open.indexOf(g)] ?? [];
        const page = rows.slice(0, limit);
        next.set(g, rows.length > limit ? page[page.length - 1]! : null);
        answer[g] = page.map(item(g));
      }
      if ([...next.values()].some((at) => at !== null)) answer.next_cursor = encodeCursor(search, next);
      return answer as GallerySearchResponse;
    },
  );
};

export default gallery;
