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
