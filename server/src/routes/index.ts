import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import auth from './auth/index.ts';
import batches from './batches/index.ts';
import billing from './billing/index.ts';
import characters from './characters/index.ts';
import { devApiRoutes } from './dev/index.ts';
import developer from './developer/index.ts';
import health from './health/index.ts';
import jobs from './jobs/index.ts';
import media from './media/index.ts';
import openapi from './openapi/index.ts';
import profile from './profile/index.ts';
import site from './site/index.ts';
import studio from './studio/index.ts';

/**
 * Every API area, mounted under /api by app.ts. To add an area: create routes/<area>/index.ts
 * exporting a FastifyPluginAsyncTypebox with paths exactly as the spec spells them, then register it here.
 */
export const apiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(health);
  await app.register(openapi);
  await app.register(auth);
  await app.register(profile);
  await app.register(devApiRoutes);
  await app.register(site);
  await app.register(billing);
  await app.register(studio);
  await app.register(jobs);
  await app.register(batches);
  await app.register(characters);
  await app.register(media);
  await app.register(developer);
};
