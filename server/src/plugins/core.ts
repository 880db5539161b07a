import type { Config } from '../config/index.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { globalPlugin } from './global-plugin.ts';

/** Our first plugin: settings and the database on the app, request ids echoed to the client. */
export const corePlugin = globalPlugin<{ config: Config; database: DatabaseHandle }>(async (app, { config, database }) => {
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
