import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { ErrorBody } from '../../contract/common.ts';
import type { Config } from './config/index.ts';
import { createDatabase, migrateToLatest, type DatabaseHandle } from './db/index.ts';
import { createLogger } from './logger.ts';
import { corePlugin } from './plugins/core.ts';
import { installErrorHandler } from './plugins/errors.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { routeRulesPlugin } from './plugins/route-rules.ts';
import { sharedSchemaCompilers } from './plugins/schema-compilers.ts';
import { securityPlugin } from './plugins/security.ts';
import { staticFilesPlugin } from './plugins/static-files.ts';
import shareTargetRoute from './routes/share/index.ts';
import { mailPlugin } from './mail/plugin.ts';
import type { Mailer } from './mail/mailer.ts';
import { apiRoutes } from './routes/index.ts';
import { devMailboxRoutes } from './routes/dev/index.ts';
import { authPlugin } from './auth/plugin.ts';
import { billingPlugin } from './billing/plugin.ts';
import { jobsPlugin } from './jobs/plugin.ts';
import { developerPlugin } from './developer/plugin.ts';
import { accountsPlugin } from './accounts/plugin.ts';
import { charactersPlugin } from './characters/plugin.ts';
import { mediaPlugin } from './media/plugin.ts';
import { storagePlugin } from './storage/plugin.ts';
import type { App } from './types.ts';

export interface AppDeps {
  /** A migrated database the caller owns; without one the app opens, migrates and closes its own. */
  database?: DatabaseHandle;
  logger?: Logger;
  /** Replaces the configured mailer (tests). */
  mailer?: Mailer;
  /** The clock, in ms (tests move it instead of sleeping); Date.now by default. */
  now?: () => number;
}

/** Builds the app in a fixed order: external plugins, then ours, then routes. Not yet listening. */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<App> {
  const logger = deps.logger ?? createLogger(config);
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: trustProxyOption(config.trustProxy),
    // Our genReqId reads X-Request-Id itself, keeping only ids safe to log and echo.
    requestIdHeader: false,
    genReqId: requestId,
    // Malformed URLs ('/api/%zz') answer like every other 4xx: {"error": "Bad request"}.
    frameworkErrors: frameworkError,
    routerOptions: { ignoreTrailingSlash: true },
    // Compiled once per process, not once per app (the server tests build hundreds).
    schemaController: { compilersFactory: sharedSchemaCompilers },
    ajv: {
      customOptions: {
        removeAdditional: 'all', // unknown body fields are dropped, never stored
        coerceTypes: 'array',
        useDefaults: true,
        allErrors: false,
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  let database = deps.database;
  if (!database) {
    const own = createDatabase(config, (err) => logger.error({ err }, 'database pool error'));
    await migrateToLatest(own.db).catch(async (err: unknown) => {
      await own.destroy();
      throw err;
    });
    app.addHook('onClose', () => own.destroy());
    database = own;
  }

  // 1. External plugins.
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(staticFilesPlugin, { config });

  // 2. Ours.
  await app.register(corePlugin, { config, database });
  await app.register(mailPlugin, { mailer: deps.mailer });
  await app.register(authPlugin, { now: deps.now });
  await app.register(billingPlugin);
  await app.register(storagePlugin);
  await app.register(jobsPlugin);
  await app.register(accountsPlugin);
  await app.register(charactersPlugin);
  await app.register(mediaPlugin);
  await app.register(developerPlugin);
  await app.register(routeRulesPlugin);
  installErrorHandler(app);

  // 3. Routes.
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(devMailboxRoutes);
  await app.register(shareTargetRoute);
  return app;
}

/** Errors the router meets before any route or hook runs (a URL that does not decode, a param too long). */
function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.statusCode === 414;
  const body: ErrorBody = { error: tooLong ? 'URI too long' : 'Bad request' };
  reply.code(tooLong ? 414 : 400).send(body);
}

const CLIENT_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The caller's X-Request-Id when it is 1-64 characters of [A-Za-z0-9._-], else a new UUID. */
function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CLIENT_REQUEST_ID.test(given) ? given : randomUUID();
}

/** A hop count becomes the function fastify uses for it (its types only accept the other forms). */
function trustProxyOption(value: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value;
}
