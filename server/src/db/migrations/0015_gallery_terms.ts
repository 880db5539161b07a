import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../util.ts';

// Once SQLite's candidate index for the gallery search (issue 29): an FTS5 table, media_terms, of
// each item's 3-character runs, kept by triggers calling a SQL function (gallery_terms) that every
// SQLite connection registered. 0016 moved the search into memory and dropped the index, so it now
// makes nothing: a database that still has it (migrated while this made it) loses it in 0016's up,
// which needs no function, and nothing registers gallery_terms any more (issue 43). The name stays:
// it is stored in kysely_migration.

export async function up(): Promise<void> {}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['media_terms_insert', 'media_terms_delete', 'media_terms_update']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists media_terms`.execute(db);
}
