import swagger from '@fastify/swagger';
import { appVersion } from '../version.ts';
import { globalPlugin } from './global-plugin.ts';

/** Collects every route's schemas into the OpenAPI document served at /api/openapi.json. */
export const openapiPlugin = globalPlugin(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Persona Studio API',
        version: appVersion,
        description: 'The API behind the Persona Studio page. Paths keep the spelling the page uses.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          securityKey: { type: 'apiKey', in: 'header', name: 'security-key' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'psk_…',
            description: 'A personal API key (Profile → API keys & webhooks): `Authorization: Bearer psk_…`. Accepted on the generation, job, batch and gallery calls, without the security-key header; refused (403) on account, key, webhook and billing calls.',
          },
        },
      },
    },
  });
});
