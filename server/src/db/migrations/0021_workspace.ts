import type { Kysely } from 'kysely';
import { sourceOf } from '../../jobs/source-words.ts';
import { parseJson } from '../util.ts';
import { eachItemWithJob } from './backfill.ts';

// The creator's workspace (issue 45). Only adds: an older process keeps reading and writing
// media_items while a newer one runs (rolling deploys), and its inserts leave the new columns at
// their defaults (not a favourite, no source, size and engine unknown).
// - media_items.favourite (0/1), source_kind and source_text (the unfolded words of the job that
//   made it: jobs/source-words.ts), width/height (pictures and videos, pixels), duration_seconds
//   (videos and songs) and engine (the job's, copied so that the in-memory gallery reads one table).
//   Existing items get their source and engine here from their job; their size stays null (measuring
//   every old file would make the migration as slow as the library is large).
// - media_deletions: the stored files of deleted items, each deleted by a lease-claimed sweep
//   (media/deletions.ts) within a minute, or later while a queued job or a character still reads it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('media_items')
    .addColumn('favourite', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const [name, type] of [['source_kind', 'text'], ['source_text', 'text'], ['width', 'integer'], ['height', 'integer'], ['duration_seconds', 'double precision'], ['engine', 'text']] as const) {
    await db.schema.alterTable('media_items').addColumn(name, type).execute();
  }
  await db.schema
    .createTable('media_deletions')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('next_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_until', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_deletions_due_idx').on('media_deletions').column('next_at').execute();
  await backfill(db);
}

/** source and engine of existing items, from their job. */
async function backfill(db: Kysely<any>): Promise<void> {
  await eachItemWithJob(db, async (trx, { id, input, engine }) => {
    const source = sourceOf(parseJson<unknown>(input, null));
    await trx.updateTable('media_items').set({ source_kind: source?.kind ?? null, source_text: source?.text ?? null, engine }).where('id', '=', id).execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_deletions').execute();
  for (const name of ['engine', 'duration_seconds', 'height', 'width', 'source_text', 'source_kind', 'favourite']) {
    await db.schema.alterTable('media_items').dropColumn(name).execute();
  }
}
