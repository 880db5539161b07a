import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CAPABILITY_NAMES } from '../../../../contract/capabilities.ts';
import { HealthResponse } from '../../../../contract/health.ts';
import { checkDatabase } from '../../db/index.ts';
import { appVersion } from '../../version.ts';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness, database check, and the capabilities the engine pre-flight refused',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const ok = await checkDatabase(app.db);
      reply.header('cache-control', 'no-store');
      return reply.code(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'error',
        database: ok ? 'ok' : 'error',
        engine: app.dbEngine,
        version: appVersion,
        uptime_s: Math.floor(process.uptime()),
        unavailable: CAPABILITY_NAMES.flatMap((capability) => {
          const problems = app.jobs.engines.unavailable(capability);
          return problems ? [{ capability, engine: app.jobs.engines.for(capability).engine, problems: [...problems] }] : [];
        }),
      });
    },
  );
};

export default health;
