import { globalPlugin } from '../plugins/global-plugin.ts';
import { createStorage } from './index.ts';
import type { MediaStorage } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated media and copies of fetched media are kept (MEDIA_DIR by default). */
    storage: MediaStorage;
  }
}

/** `app.storage`: the media storage the configuration chooses. */
export const storagePlugin = globalPlugin(async (app) => {
  app.decorate('storage', createStorage(app.config));
});
