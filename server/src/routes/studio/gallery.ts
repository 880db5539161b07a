import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { GalleryBody, GalleryResponse } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { mediaRepository } from '../../db/repositories/media.ts';
import type { MediaItem } from '../../db/schema.ts';

/** The newest items per group the gallery answers (the page shows them all in tabs). */
const PER_GROUP = 500;

/** POST /gallery/ {user_id}: the user's media by group (spec §3), newest first; items without a URL dropped. */
const gallery: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/gallery/',
    { schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary: "The user's generated media by group", body: GalleryBody, response: withErrors({ 200: GalleryResponse }, 400, 401, 403) } },
    async (request) => {
      const { id } = requireUser(request);
      const rows = await mediaRepository(app.db).ofUser(id);
      // URLs from the storage key, so a MEDIA_BASE_URL changed later still gives working links.
      const of = (kind: MediaItem['kind']) =>
        rows.filter((r) => r.kind === kind && r.storage_key).slice(0, PER_GROUP).map((r) => ({ ...r, url: app.storage.url(r.storage_key) }));
      const base = (r: (typeof rows)[number]) => ({ id: r.id, created_at: r.created_at });
      return {
        faces: of('face').map((r) => ({ ...base(r), image_url: r.url, gender: r.gender, face_prompt: r.face_prompt })),
        images: of('image').map((r) => ({ ...base(r), image_url: r.url, gender: r.gender })),
        videos: of('video').map((r) => ({ ...base(r), video_url: r.url })),
        cloth: of('cloth').map((r) => ({ ...base(r), gen_image_url: r.url })),
        audio: of('audio').map((r) => ({ ...base(r), audio_url: r.url })),
        gen_video: of('imgTovideo').map((r) => ({ ...base(r), video_url: r.url })),
      };
    },
  );
};

export default gallery;
