import { sql, type Kysely } from 'kysely';

// Issue 43: `jobs.output` was written with the same JSON as `jobs.result` and never read.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('output').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('output', 'text').execute();
  await sql`update jobs set output = result`.execute(db);
}
