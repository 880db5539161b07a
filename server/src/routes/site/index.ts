import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import forms from './forms.ts';
import geo from './geo.ts';
import mediaStatus from './media-status.ts';

/** The public site's calls: newsletter, contact, IP and country lookups, site media status. */
const site: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(forms);
  await app.register(geo);
  await app.register(mediaStatus);
};

export default site;
