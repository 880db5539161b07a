import { globalPlugin } from '../plugins/global-plugin.ts';
import { chooseStorage } from './index.ts';
import type { MediaStorage } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where generated media and copies of fetched media are kept (MEDIA_DIR by default). */
    storage: MediaStorage;
  }
}

/**
 * `app.storage`: the media storage the configuration chooses. With S3_ENDPOINT the bucket must
 * answer before the app starts, and /media/* outside the local libraries is served from it.
 */
export const storagePlugin = globalPlugin(async (app) => {
  const { storage, bucket } = await chooseStorage(app.config);
  if (bucket) {
    try {
      await bucket.checkBucket();
    } catch (err) {
      bucket.client.destroy();
      throw err;
    }
    const { s3MediaRoute } = await import('./s3-media-route.ts');
    s3MediaRoute(app, bucket, app.config.s3?.presignSeconds ?? null);
    app.addHook('onClose', async () => bucket.client.destroy());
  }
  app.decorate('storage', storage);
});
