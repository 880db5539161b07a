import swagger from '@fastify/swagger';
import { appVersion } from '../version.ts';
import { globalPlugin } from './global-plugin.ts';

/** The docs page's first words (/api/docs renders this document): the first job in five minutes. */
const API_GUIDE = `The API behind the Persona Studio page, open to your own tools with a personal API key. Paths keep the spelling the page uses.

## Your first job in five minutes

1. **Make a key.** Sign in, open *Profile → API keys & webhooks* and choose *Create key*. Copy the \`psk_…\` key: it is shown once.
2. **Start a job.** Every generation call takes the key as a bearer token (no other header is needed):

   \`\`\`
   curl -X POST "$PERSONA_URL/api/generate-face-prompt/" \\
     -H "Authorization: Bearer $PERSONA_API_KEY" -H "Prefer: respond-async" \\
     -H "Content-Type: application/json" -d '{"prompt": "a freckled woman with red hair"}'
   \`\`\`

   With \`Prefer: respond-async\` the answer is \`202 {"job_id": "…"}\` at once; without it the call waits for the result.
3. **Follow it.** \`GET /api/jobs/{job_id}\` gives its status, progress and, once \`succeeded\`, the result's URLs. Or skip polling:
   add a webhook endpoint in the same profile section and receive \`job.succeeded\`, \`job.failed\`, \`job.canceled\` and
   \`batch.completed\`, signed per [Standard Webhooks](https://www.standardwebhooks.com) with the endpoint's \`whsec_…\` secret
   (verify with any Standard Webhooks library; the \`webhook-id\` header stays the same on every retry).
4. **Or use the CLI** from a clone of the repository: \`PERSONA_URL=… PERSONA_API_KEY=psk_… npm run cli -- face --prompt "red hair" --wait --out ./out\`.

A key acts as its owner on the generation, job, batch and gallery calls, has its own rate limit, and is refused (403) on account,
key, webhook and billing calls. Revoke it in the profile: it stops working at once.`;

/** Collects every route's schemas into the OpenAPI document served at /api/openapi.json. */
export const openapiPlugin = globalPlugin(async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Persona Studio API',
        version: appVersion,
        description: API_GUIDE,
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
