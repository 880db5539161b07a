import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config/index.ts';
import type { Db, Engine } from './db/index.ts';

/** The app as routes and plugins see it: TypeBox schemas give typed request and reply. */
export type App = FastifyInstance<Server, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Validated settings (server/src/config.ts). */
    config: Config;
    /** Kysely over SQLite or Postgres; build repositories from it (server/src/db/repositories). */
    db: Db;
    dbEngine: Engine;
  }
}
