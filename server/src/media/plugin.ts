// `app.media`: the gallery items' use cases (service.ts) and the sweep that deletes deleted items'
// files (deletions.ts). After storage and jobs.
import { globalPlugin } from '../plugins/global-plugin.ts';
import type { LeasedPump } from '../leased-pump.ts';
import { mediaDeletions } from './deletions.ts';
import { mediaService, type MediaService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** `deletions.idle()`: every deleted item's file that may go now is gone (tests await it). */
    media: { service: MediaService; deletions: LeasedPump };
  }
}

export const mediaPlugin = globalPlugin(async (app) => {
  const deletions = mediaDeletions({ db: app.db, storage: app.storage, log: app.log.child({ component: 'media-deletions' }), now: () => app.now() });
  const service = mediaService({ db: app.db, storage: app.storage, now: () => app.now(), onDeleted: () => deletions.wake() });
  app.decorate('media', { service, deletions });
  app.addHook('onReady', async () => deletions.start());
  app.addHook('onClose', async () => deletions.stop());
});
