import { globalPlugin } from './global-plugin.ts';
import { DOCS_PATH } from '../routes/openapi/index.ts';

/**
 * Fails at startup, not in production, when an /api route breaks the house rules:
 * - every route declares its responses (they feed the OpenAPI document and strip stray fields);
 * - no `headers` schema: ajv runs with removeAdditional 'all', which would delete every other
 *   header (Authorization included) from the request. Check headers in a hook, and document
 *   them with `security: [{ bearer: [] }, { securityKey: [] }]`.
 */
export const routeRulesPlugin = globalPlugin(async (app) => {
  app.addHook('onRoute', (route) => {
    // /api/docs is the reference page (@fastify/swagger-ui), not an API route.
    if (!route.url.startsWith('/api') || route.url.startsWith(DOCS_PATH)) return;
    const where = `${String(route.method)} ${route.url}`;
    if (route.schema?.headers) throw new Error(`${where}: declare no headers schema (it would strip Authorization); check headers in a hook`);
    if (!route.schema?.response) throw new Error(`${where}: declare schema.response for every status it sends`);
  });
});
