import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import { createDatabase, migrateToLatest, type DatabaseHandle, type Engine } from '../../../server/src/db/index.ts';

export const engines: Engine[] = ['sqlite', 'postgres'];

/** Postgres for tests: database `test`, trust auth. Override with TEST_DATABASE_URL. */
export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestDatabase extends DatabaseHandle {
  /** A fresh temporary folder (the SQLite file lives here; use it as DATA_DIR). */
  readonly dataDir: string;
  /** The DATABASE_URL that reaches this database (null for SQLite). */
  readonly databaseUrl: string | null;
  /** Destroys the handle, drops the Postgres schema and removes the folder. */
  cleanup(): Promise<void>;
}

/** A URL whose connections use `schema` first (pg reads `options` from the query string). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** A brand-new database: a temp SQLite file, or a uniquely named Postgres schema. Migrated unless told not to. */
export async function openTestDatabase(engine: Engine, { migrate = true } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `ps-test-${engine}-`));
  let databaseUrl: string | null = null;
  let dropSchema = async (): Promise<void> => {};
  if (engine === 'postgres') {
    const schema = `t_${randomBytes(8).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    databaseUrl = urlWithSchema(TEST_POSTGRES_URL, schema);
    dropSchema = () => adminQuery(`drop schema if exists ${schema} cascade`);
  }
  const handle = createDatabase({ databaseUrl, dataDir });
  try {
    if (migrate) await migrateToLatest(handle.db);
  } catch (err) {
    await handle.destroy();
    await dropSchema();
    throw err;
  }
  return {
    ...handle,
    dataDir,
    databaseUrl,
    async cleanup() {
      await handle.destroy();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Call inside a describe: each test gets its own clean database, reached through `.current`. */
export function useTestDatabase(engine: Engine, options?: { migrate?: boolean }): { readonly current: TestDatabase } {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await openTestDatabase(engine, options);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return {
    get current(): TestDatabase {
      if (!current) throw new Error('useTestDatabase: no database outside a test');
      return current;
    },
  };
}
