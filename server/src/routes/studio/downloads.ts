// /download/ (image flow) and /download_link/ (video flow): an Instagram post or reel, or a direct
// media link, resolved to its media, fetched through the SSRF guard and copied into storage as the
// user's; the answer is our copy's URL, which that user's swap calls then accept as their source.
// They need an active plan and share the generation rate limit (the studio gate); a copy no job
// uses within a day is swept away. Consent (issue 26) is asked once the link is a link, before
// anything is fetched, and recorded with the link, the copy's key and its SHA-256.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { DownloadBody, MediaUrlResponse, STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';

import { consentsRepository } from '../../db/repositories/consents.ts';
import { HttpError } from '../../http-error.ts';
import { sha256File } from '../../media/sha256.ts';
import { fetchMediaToFile, parseMediaLink, resolveParsedLink } from '../../net/media-resolvers.ts';
import { requireConsent } from './consent.ts';
import { isoAt } from '../../time.ts';

const downloads: FastifyPluginAsyncTypebox = async (app) => {
  const { fetchAllowHosts, uploadMaxBytes } = app.config.generation;

  for (const [path, kind] of [['/download/', 'image'], ['/download_link/', 'video']] as const) {
    app.post(
      path,
      {
        config: { needs: 'plan' },
        schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary: `The ${kind} of an Instagram link, copied in`, body: DownloadBody, response: withErrors({ 200: MediaUrlResponse }, 400, 401, 403, 429) },
      },
      async (request) => {
        const { id } = requireUser(request);
        const link = request.body.instagram_url?.trim();
        if (!link) throw new HttpError(400, kind === 'image' ? STUDIO_MESSAGES.imageLink : STUDIO_MESSAGES.videoLink, 'instagram_url');
        const deps = { allowHosts: fetchAllowHosts };
        const parsed = parseMediaLink(link, kind, deps);
        requireConsent(request.body.consent);
        const { mediaUrl } = await resolveParsedLink(parsed, kind, deps);
        const dir = await mkdtemp(join(tmpdir(), 'persona-fetch-'));
        try {
          const file = join(dir, 'media');
          const fetched = await fetchMediaToFile(mediaUrl, file, kind, { ...deps, maxBytes: kind === 'video' ? 4 * uploadMaxBytes : uploadMaxBytes });
          const now = isoAt(app.now());
          const key = await app.jobs.files.put(id, 'fetched', file, fetched.ext, fetched.mime, now);
          try {
            await consentsRepository(app.db).record({ user_id: id, call: path, field: 'instagram_url', link_url: link, storage_key: key, sha256: await sha256File(file), created_at: now });
          } catch (err) {
            await app.jobs.files.discard([key]);
            throw err;
          }
          return { media_url: app.storage.url(key) };
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    );
  }
};

export default downloads;
