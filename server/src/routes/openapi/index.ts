import swaggerUi from '@fastify/swagger-ui';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const OpenApiDocument = Type.Object({ openapi: Type.String() }, { additionalProperties: true });

/** The API reference page: the OpenAPI document rendered by Swagger UI, its files served from our origin. */
export const DOCS_PATH = '/api/docs';

const openapi: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/openapi.json',
    { schema: { hide: true, response: { 200: OpenApiDocument } } },
    async () => app.swagger() as unknown as { openapi: string },
  );

  // Without its slash the page would load its files from /docs/static/… (Swagger UI builds that path
  // from its own prefix, without /api) and show nothing: send the browser to the slashed address.
  app.addHook('onRequest', async (request, reply) => {
    const [path, query] = request.url.split(/\?(.*)/s, 2);
    if (path === DOCS_PATH && request.method === 'GET') return reply.redirect(`${DOCS_PATH}/${query ? `?${query}` : ''}`, 301);
  });

  // Swagger UI (fastify's own, kept with @fastify/swagger): its bundle is served from node_modules
  // here, never from a CDN, and stays out of the page's build. The app's CSP (helmet) already
  // allows it: own scripts and styles, data: images; validatorUrl null keeps it from calling out.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH.replace(/^\/api/, ''),
    uiConfig: { deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, validatorUrl: null },
    staticCSP: false,
  });
};

export default openapi;
