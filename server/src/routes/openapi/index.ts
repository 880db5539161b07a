import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const OpenApiDocument = Type.Object({ openapi: Type.String() }, { additionalProperties: true });

const openapi: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/openapi.json',
    { schema: { hide: true, response: { 200: OpenApiDocument } } },
    async () => app.swagger() as unknown as { openapi: string },
  );
};

export default openapi;
