import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HealthResponse } from '../../../../contract/health.ts';
import { checkDatabase } from '../../db/index.ts';
import { appVersion } from '../../version.ts';

const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['meta'],
        summary: 'Liveness and database check',
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
      });
    },
  );
};

export default health;
