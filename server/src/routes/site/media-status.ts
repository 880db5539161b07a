import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { SiteMediaStatus } from '../../../../contract/site.ts';
import { siteMediaStatus } from '../../media/siteMediaStatus.ts';

/** Lets tests and the page wait for the generated site media library (made after the server starts). */
const mediaStatus: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/site_media_status',
    {
      schema: { tags: ['site'], summary: 'Whether the generated site media library is complete', response: withErrors({ 200: SiteMediaStatus }) },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return siteMediaStatus(app.config.mediaDir);
    },
  );
};

export default mediaStatus;
