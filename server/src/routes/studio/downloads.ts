// /download/ (image flow) and /download_link/ (video flow): an Instagram post or reel, or a direct
// media link, resolved to its media, fetched through the SSRF guard and copied into storage as the
// user's (the upload service); the answer is our copy's URL, which that user's swap calls then
// accept as their source. They need an active plan and share the generation rate limit (the studio
// gate); a copy no job uses within a day is swept away. Consent (issue 26) is asked once the link is
// a link, before anything is fetched, and recorded with the link, the copy's key and its SHA-256.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { DownloadBody, MediaUrlResponse, STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';

import { HttpError } from '../../http-error.ts';
import { parseMediaLink } from '../../net/media-resolvers.ts';
import { requireConsent } from './consent.ts';
import { STUDIO_SECURITY, STUDIO_TAGS } from './options.ts';

const downloads: FastifyPluginAsyncTypebox = async (app) => {
  const { fetchAllowHosts } = app.config.generation;

  for (const [path, kind] of [['/download/', 'image'], ['/download_link/', 'video']] as const) {
    app.post(
      path,
      {
        config: { needs: 'plan' },
        schema: { tags: STUDIO_TAGS, security: STUDIO_SECURITY, summary: `The ${kind} of an Instagram link, copied in`, body: DownloadBody, response: withErrors({ 200: MediaUrlResponse }, 400, 401, 403, 429) },
      },
      async (request) => {
        const { id } = requireUser(request);
        const link = request.body.instagram_url?.trim();
        if (!link) throw new HttpError(400, kind === 'image' ? STUDIO_MESSAGES.imageLink : STUDIO_MESSAGES.videoLink, 'instagram_url');
        const parsed = parseMediaLink(link, kind, { allowHosts: fetchAllowHosts });
        requireConsent(request.body.consent);
        const key = await app.jobs.uploads.copyLink({ userId: id, call: path, kind, link, parsed });
        return { media_url: app.storage.url(key) };
      },
    );
  }
};

export default downloads;
