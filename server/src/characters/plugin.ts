import { globalPlugin } from '../plugins/global-plugin.ts';
import { characterService, type CharacterService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    characters: { service: CharacterService };
  }
}

/**
 * `app.characters.service`, the characters use cases (issue 44). After storage and jobs (it stores
 * uploads as the user's files; the user-files sweep deletes the ones no character names).
 */
export const charactersPlugin = globalPlugin(async (app) => {
  const { uploadMaxBytes, audioMaxBytes, ffprobePath, espeakPath } = app.config.generation;
  app.decorate('characters', {
    service: characterService({
      db: app.db, storage: app.storage, files: app.jobs.files, generation: { uploadMaxBytes, audioMaxBytes, ffprobePath, espeakPath }, log: app.log.child({ component: 'characters' }), now: () => app.now(),
    }),
  });
});
