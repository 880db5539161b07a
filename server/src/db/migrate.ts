import { Migrator, sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';
import { migrations } from './migrations/index.ts';
import { isPostgres } from './util.ts';

/** Applies every pending migration; returns the names applied. Throws naming the one that failed. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const schema = await postgresSchema(db);
  const migrator = new Migrator({
    db: schema ? withIntrospectionOf(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    // On Postgres, keep the bookkeeping tables in the current schema: Kysely otherwise finds them in
    // any schema of the database and would skip creating them in ours.
    migrationTableSchema: schema,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  const failed = results.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error : new Error(String(error));
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause.message}`, { cause });
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

async function postgresSchema(db: Kysely<any>): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/**
 * `db` whose introspection lists the tables of `schema` only. Kysely's Migrator asks whether its
 * bookkeeping tables exist through `introspection.getTables()`, which on PostgreSQL reads the
 * columns of every schema in the database and calls has_schema_privilege() and
 * pg_get_serial_sequence() on each schema's name (kysely 0.28 postgres-introspector.js): a schema
 * dropped by someone else during that query fails the migration with "schema … does not exist" (seen
 * in the tests, where many schemas come and go in one database), and a database of many schemas makes
 * every start read them all. The Migrator only needs the names.
 */
function withIntrospectionOf(db: Kysely<any>, schema: string): Kysely<any> {
  const own = db.introspection;
  const introspection: DatabaseIntrospector = {
    getSchemas: () => own.getSchemas(),
    getTables: async () => {
      const { rows } = await sql<{ name: string; isView: boolean }>`
        select c.relname as name, c.relkind = 'v' as "isView" from pg_catalog.pg_class c
        join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((r): TableMetadata => ({ name: r.name, schema, isView: r.isView, columns: [] }));
    },
    getMetadata: async () => ({ tables: await introspection.getTables() }),
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      // Kysely's methods use private fields: called on the real instance, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
