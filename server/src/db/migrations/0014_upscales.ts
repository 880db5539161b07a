import type { Kysely } from 'kysely';

// Upscales (issue 31): an upscaled picture is a media_items row of kind 'image' that names the
// storage key of the picture it was made from and how many times larger it is. Both null for
// every other item. No index: the gallery reads them with the row, never by them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_items').addColumn('upscaled_from', 'text').execute();
  await db.schema.alterTable('media_items').addColumn('scale', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('media_items').dropColumn('scale').execute();
  await db.schema.alterTable('media_items').dropColumn('upscaled_from').execute();
}
