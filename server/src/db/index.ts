import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config/index.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Db;
  readonly engine: Engine;
  /** Closes the pool or file; safe to call twice. */
  destroy(): Promise<void>;
}

export { migrateToLatest } from './migrate.ts';

/** SQLite at DATA_DIR/app.db unless DATABASE_URL names a Postgres database. */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  onPoolError: (err: Error) => void = () => {},
): DatabaseHandle {
  const engine: Engine = config.databaseUrl ? 'postgres' : 'sqlite';
  const dialect = config.databaseUrl ? postgresDialect(config.databaseUrl, onPoolError) : sqliteDialect(config.dataDir);
  const db = new Kysely<Database>({ dialect });
  let destroyed: Promise<void> | undefined;
  return { db, engine, destroy: () => (destroyed ??= db.destroy()) };
}

function sqliteDialect(dataDir: string): SqliteDialect {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const path = join(dataDir, 'app.db');
  const file = new SQLite(path);
  // The database is the server's alone (it holds sessions and sealed secrets): 0600 whatever the
  // umask, the WAL and shared memory files too (SQLite makes them with the database file's mode).
  for (const own of [path, `${path}-wal`, `${path}-shm`]) if (existsSync(own)) chmodSync(own, 0o600);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  // The worker and API processes may share the file: wait for a lock instead of failing.
  file.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: withStatementCache(file) });
}

/** How many prepared statements the SQLite connection keeps (Kysely's queries are a few hundred texts). */
const STATEMENT_CACHE = 500;

/**
 * The connection with its prepared statements kept by SQL text, least recently used dropped first:
 * Kysely's SQLite driver prepares every query anew, which parses and plans it again each time.
 * Safe to share: the driver runs one query at a time on its one connection, each to its end.
 */
function withStatementCache(file: SQLite.Database): { close(): void; prepare(text: string): SQLite.Statement } {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text) {
      let statement = cache.get(text);
      if (statement) {
        cache.delete(text);
      } else {
        statement = file.prepare(text);
        if (cache.size >= STATEMENT_CACHE) cache.delete(cache.keys().next().value!);
      }
      cache.set(text, statement);
      return statement;
    },
  };
}

function postgresDialect(connectionString: string, onPoolError: (err: Error) => void): PostgresDialect {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: {
      // int8 (count(*), bigint columns) as a number, as SQLite returns it; our values fit in 2^53.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', onPoolError);
  return new PostgresDialect({ pool });
}

/** True when the database answers a trivial query within the timeout. */
export async function checkDatabase(db: Db, timeoutMs = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const probe = sql`select 1`.execute(db).then(() => true, () => false);
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
