import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { createDatabase, migrateToLatest, type DatabaseHandle, type Engine } from '../../../server/src/db/index.ts';

export const engines: Engine[] = ['sqlite', 'postgres'];

/** Postgres for tests: database `test`, trust auth. Override with TEST_DATABASE_URL. */
const BASE_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Server test files run side by side, one per Vitest worker: each worker has a database of its own
 * (`test_w1`, `test_w2`, made on first use beside `test`). In one database, a file dropping its
 * schema while another migrates broke the migration: Kysely's table lookup reads every schema of
 * the database and fails on one dropped under it ("schema … does not exist"). Two test runs at
 * once (two checkouts) each set TEST_DATABASE_PREFIX (default `test_w`). An explicit
 * TEST_DATABASE_URL is used as given.
 */
const DATABASE_PREFIX = process.env.TEST_DATABASE_PREFIX ?? 'test_w';
if (!/^[a-z][a-z0-9_]{0,40}$/.test(DATABASE_PREFIX)) throw new Error('TEST_DATABASE_PREFIX must be a lower-case name (letters, digits, _)');
const WORKER_DATABASE = process.env.TEST_DATABASE_URL || !process.env.VITEST_POOL_ID ? null : `${DATABASE_PREFIX}${process.env.VITEST_POOL_ID}`;

export const TEST_POSTGRES_URL = WORKER_DATABASE ? withDatabase(BASE_POSTGRES_URL, WORKER_DATABASE) : BASE_POSTGRES_URL;

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

let databaseReady: Promise<void> | undefined;
/** Makes this worker's database if it is not there yet. */
function ensureDatabase(): Promise<void> {
  databaseReady ??= (async () => {
    if (!WORKER_DATABASE) return;
    const client = new pg.Client({ connectionString: BASE_POSTGRES_URL });
    await client.connect();
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [WORKER_DATABASE]);
      if (!rowCount) await client.query(`create database ${WORKER_DATABASE}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // made by another run meanwhile
      });
    } finally {
      await client.end();
    }
  })();
  return databaseReady;
}

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

/**
 * Schemas are dropped only while no migration of the same database reads its catalogue: Kysely's
 * migrator looks up every schema of the database (has_schema_privilege per name), and one dropped
 * under that query fails the migration ("schema t_… does not exist", seen on CI). Migrations hold
 * this advisory lock shared, drops exclusively, in whichever session or process they run.
 */
const DDL_LOCK = 4_302_042;
async function underDdlLock<T>(client: pg.Client, mode: 'shared' | 'exclusive', work: () => Promise<T>): Promise<T> {
  const suffix = mode === 'shared' ? '_shared' : '';
  await client.query(`select pg_advisory_lock${suffix}($1)`, [DDL_LOCK]);
  try {
    return await work();
  } finally {
    await client.query(`select pg_advisory_unlock${suffix}($1)`, [DDL_LOCK]);
  }
}

/** Runs `work` with a connection of its own holding the DDL lock (see underDdlLock). */
async function withDdlLock<T>(mode: 'shared' | 'exclusive', work: (client: pg.Client) => Promise<T>): Promise<T> {
  await ensureDatabase();
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    return await underDdlLock(client, mode, () => work(client));
  } finally {
    await client.end();
  }
}

/**
 * For a test that migrates a database itself (an unmigrated one, step by step) or reads the whole
 * catalogue (Kysely's `db.introspection`, which checks every schema of the database): runs `work`
 * holding the DDL lock shared on PostgreSQL, so no schema of the same database is dropped under the
 * lookup (see underDdlLock). SQLite needs no lock.
 */
export function migratingSafely<T>(database: TestDatabase, work: () => Promise<T>): Promise<T> {
  return database.databaseUrl ? withDdlLock('shared', () => work()) : work();
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
    dropSchema = () => withDdlLock('exclusive', (client) => client.query(`drop schema if exists ${schema} cascade`)).then(() => undefined);
  }
  const handle = createDatabase({ databaseUrl, dataDir });
  try {
    if (migrate) await (engine === 'postgres' ? withDdlLock('shared', () => migrateToLatest(handle.db)) : migrateToLatest(handle.db));
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
  await ensureDatabase();
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Call inside a describe: each test gets its own clean database, reached through `.current`.
 *
 * A migrated database is not built from nothing for every test (17 migrations on PostgreSQL cost a
 * few hundred milliseconds a test, about a third of the server layer). The describe migrates once:
 * - SQLite: into a template file, copied into each test's fresh folder;
 * - PostgreSQL: into a schema that goes back to a pool after each test, emptied (every table
 *   truncated, the rows the migrations seeded put back). It is reused only if its tables, columns,
 *   indexes, triggers and functions are still what migrating made; otherwise it is dropped and the
 *   next test gets a new one. The pool's schemas are dropped after the describe.
 * Unmigrated databases (`migrate: false`) are always new.
 */
export function useTestDatabase(engine: Engine, options?: { migrate?: boolean }): { readonly current: TestDatabase } {
  let current: TestDatabase | undefined;
  const pool = options?.migrate === false ? undefined : engine === 'postgres' ? new PostgresPool() : new SqliteTemplate();
  beforeEach(async () => {
    current = pool ? await pool.open() : await openTestDatabase(engine, options);
  });
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });
  afterAll(async () => {
    await pool?.close();
  });
  return {
    get current(): TestDatabase {
      if (!current) throw new Error('useTestDatabase: no database outside a test');
      return current;
    },
  };
}

/** A migrated SQLite file made once, copied into each test's own folder. */
class SqliteTemplate {
  private folder: Promise<string> | undefined;

  async open(): Promise<TestDatabase> {
    this.folder ??= (async () => {
      const folder = mkdtempSync(join(tmpdir(), 'ps-test-sqlite-template-'));
      const handle = createDatabase({ databaseUrl: null, dataDir: folder });
      await migrateToLatest(handle.db);
      // Closing the only connection checkpoints the WAL into the file and removes it.
      await handle.destroy();
      return folder;
    })();
    const template = await this.folder;
    const dataDir = mkdtempSync(join(tmpdir(), 'ps-test-sqlite-'));
    for (const file of readdirSync(template)) copyFileSync(join(template, file), join(dataDir, file));
    const handle = createDatabase({ databaseUrl: null, dataDir });
    return {
      ...handle,
      dataDir,
      databaseUrl: null,
      async cleanup() {
        await handle.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  async close(): Promise<void> {
    if (this.folder) rmSync(await this.folder, { recursive: true, force: true });
  }
}

interface PooledSchema {
  name: string;
  /** What migrating made: tables, columns, indexes, triggers, functions (see SHAPE). */
  shape: string;
  /** Every table but the migrator's own, emptied between tests. */
  tables: string[];
  /** The tables that held rows right after migrating (the plans), copied into `<name>_seed`. */
  seeded: string[];
}

/** The schema's tables with their columns, its indexes, triggers and functions, as one digest. */
const SHAPE = `
  select md5(coalesce(string_agg(item, ',' order by item), '')) as shape from (
    select 'r:' || c.relname || ':' || c.relkind::text || ':' || coalesce((
      select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text, ';' order by a.attnum)
      from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
    from pg_class c where c.relnamespace = $1::regnamespace
    union all
    select 't:' || t.tgname || ':' || t.tgrelid::regclass::text || ':' || t.tgenabled::text
    from pg_trigger t join pg_class c on c.oid = t.tgrelid where c.relnamespace = $1::regnamespace and not t.tgisinternal
    union all
    select 'f:' || p.proname || ':' || md5(p.prosrc) from pg_proc p where p.pronamespace = $1::regnamespace
  ) items`;

const MIGRATOR_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Migrated PostgreSQL schemas handed to one test at a time and emptied in between. */
class PostgresPool {
  private readonly free: PooledSchema[] = [];
  private readonly made: PooledSchema[] = [];
  private admin: pg.Client | undefined;

  private async client(): Promise<pg.Client> {
    if (!this.admin) {
      await ensureDatabase();
      this.admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await this.admin.connect();
      // A connection a test left in a transaction must not hold the reset forever: give up, drop the schema.
      await this.admin.query(`set lock_timeout = '10s'`);
    }
    return this.admin;
  }

  private async make(): Promise<PooledSchema> {
    const admin = await this.client();
    const name = `t_${randomBytes(8).toString('hex')}`;
    await admin.query(`create schema ${name}`);
    const made: PooledSchema = { name, shape: '', tables: [], seeded: [] };
    this.made.push(made);
    const handle = createDatabase({ databaseUrl: urlWithSchema(TEST_POSTGRES_URL, name), dataDir: tmpdir() });
    try {
      await underDdlLock(admin, 'shared', () => migrateToLatest(handle.db));
    } finally {
      await handle.destroy();
    }
    const tables = (await admin.query<{ t: string }>(`select tablename as t from pg_tables where schemaname = $1 order by 1`, [name])).rows
      .map((r) => r.t)
      .filter((t) => !MIGRATOR_TABLES.has(t));
    const seeded: string[] = [];
    for (const table of tables) {
      const { rows } = await admin.query(`select 1 from ${name}.${quoted(table)} limit 1`);
      if (rows.length) seeded.push(table);
    }
    if (seeded.length) {
      await admin.query(`create schema ${name}_seed`);
      for (const table of seeded) await admin.query(`create table ${name}_seed.${quoted(table)} as table ${name}.${quoted(table)}`);
    }
    made.shape = (await admin.query<{ shape: string }>(SHAPE, [name])).rows[0]!.shape;
    made.tables = tables;
    made.seeded = seeded;
    return made;
  }

  async open(): Promise<TestDatabase> {
    const schema = this.free.pop() ?? (await this.make());
    const databaseUrl = urlWithSchema(TEST_POSTGRES_URL, schema.name);
    const dataDir = mkdtempSync(join(tmpdir(), 'ps-test-postgres-'));
    const handle = createDatabase({ databaseUrl, dataDir });
    let cleaned: Promise<void> | undefined;
    return {
      ...handle,
      dataDir,
      databaseUrl,
      cleanup: () =>
        (cleaned ??= (async () => {
          await handle.destroy();
          rmSync(dataDir, { recursive: true, force: true });
          if (await this.reset(schema)) this.free.push(schema);
          else await this.drop(schema);
        })()),
    };
  }

  /** Empties the schema for the next test; false when the test changed its shape (then it is not reused). */
  private async reset(schema: PooledSchema): Promise<boolean> {
    try {
      const admin = await this.client();
      const { shape } = (await admin.query<{ shape: string }>(SHAPE, [schema.name])).rows[0]!;
      if (shape !== schema.shape) return false;
      const restore = schema.seeded.map((t) => `insert into ${schema.name}.${quoted(t)} select * from ${schema.name}_seed.${quoted(t)};`);
      await admin.query(
        `begin; truncate table ${schema.tables.map((t) => `${schema.name}.${quoted(t)}`).join(', ')} restart identity cascade; ${restore.join(' ')} commit;`,
      );
      return true;
    } catch {
      await this.admin?.query('rollback').catch(() => undefined);
      return false;
    }
  }

  private async drop(schema: PooledSchema): Promise<void> {
    const admin = await this.client();
    await admin.query(`set lock_timeout = 0`);
    await underDdlLock(admin, 'exclusive', () => admin.query(`drop schema if exists ${schema.name} cascade; drop schema if exists ${schema.name}_seed cascade`));
    await admin.query(`set lock_timeout = '10s'`);
    const at = this.made.indexOf(schema);
    if (at >= 0) this.made.splice(at, 1);
  }

  async close(): Promise<void> {
    for (const schema of [...this.made]) await this.drop(schema);
    this.free.length = 0;
    await this.admin?.end();
    this.admin = undefined;
  }
}
