import { Migrator, sql, type Kysely } from 'kysely';
import { migrations } from './migrations/index.ts';
import { isPostgres } from './util.ts';

/** Applies every pending migration; returns the names applied. Throws naming the one that failed. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // On Postgres, keep the bookkeeping tables in the current schema: Kysely otherwise finds them in
    // any schema of the database and would skip creating them in ours.
    migrationTableSchema: await postgresSchema(db),
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
