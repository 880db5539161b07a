import type { Config } from '../config/index.ts';
import type { DatabaseHandle } from '../db/index.ts';
import { HttpError } from '../http-error.ts';
import { controlCharactersMessage } from '../../../contract/text.ts';
import { globalPlugin } from './global-plugin.ts';

/**
 * Our first plugin: settings and the database on the app, request ids echoed to the client, and
 * NUL refused in every JSON field (free text refuses the other control characters by its schema:
 * contract/text.ts). Multipart fields are checked where they are read (uploads/fields.ts).
 */
export const corePlugin = globalPlugin<{ config: Config; database: DatabaseHandle }>(async (app, { config, database }) => {
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('dbEngine', database.engine);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', async (request) => {
    const field = nulField(request.body);
    if (field !== null) throw new HttpError(400, controlCharactersMessage(field), field);
  });
});

/** The path ('items.2.prompt') of the first field whose string holds NUL in a parsed JSON body; null when none does. */
export function nulField(value: unknown, path = ''): string | null {
  // A body that is itself text or bytes (a provider's signed webhook, a form) is judged by its route.
  if (typeof value === 'string') return path !== '' && value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = nulField(item, path ? `${path}.${key}` : key);
    if (found !== null) return found;
  }
  return null;
}
