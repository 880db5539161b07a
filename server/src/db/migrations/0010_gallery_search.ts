import type { Kysely } from 'kysely';
import { searchTextOf } from '../../jobs/search-text.ts';
import { parseJson } from '../util.ts';
import { eachItemWithJob } from './backfill.ts';

// The gallery search (issue 29):
// - media_items.search_text: the prompt, celebrity names or lyrics of the job that made the item
//   (they live in jobs.input, JSON text), folded to lower case, so `q` is a LIKE per word on one
//   column of the rows the index below already narrowed to one user and group. Filled by the runner
//   from now on; existing rows are backfilled here from their job's input.
// - One index serving every group's page: (user_id, kind, created_at desc, id desc), walked newest
//   first from a keyset cursor. It replaces 0001's (user_id, kind, created_at), its prefix.
// Independent of 0009 (batches): it touches only media_items and reads jobs.input.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_items').addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.createIndex('media_items_gallery_idx').on('media_items').columns(['user_id', 'kind', 'created_at desc', 'id desc']).execute();
  await db.schema.dropIndex('media_items_user_kind_idx').execute();
  await backfill(db);
}

/** search_text of existing items (the words are folded by the same code as new items'). */
async function backfill(db: Kysely<any>): Promise<void> {
  await eachItemWithJob(db, async (trx, { id, input }) => {
    const text = searchTextOf(parseJson<unknown>(input, null));
    if (text !== '') await trx.updateTable('media_items').set({ search_text: text }).where('id', '=', id).execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('media_items_user_kind_idx').on('media_items').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.dropIndex('media_items_gallery_idx').execute();
  await db.schema.alterTable('media_items').dropColumn('search_text').execute();
}
