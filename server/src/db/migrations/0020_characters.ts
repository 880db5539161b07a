import type { Kysely } from 'kysely';

// Characters (issue 44): the persona a creator runs. One row per character of a user, its name
// unique per user without regard to case (name_key: the name trimmed and lower-cased), its face a
// stored object (one of the user's gallery faces or images: face_media_id names it; or a portrait
// upload: face_media_id null) and its voice a preset (espeak-ng voice, pitch, speed) or an uploaded
// sample. URLs are made from the keys when answered, like the gallery's (a MEDIA_BASE_URL changed
// later still gives working links). jobs and media_items name the character they were made for
// (null: none); deleting a character sets them null (ON DELETE SET NULL backs up the service's own
// update). The index serves the gallery's character filter and the per-kind counts.
// Portraits and voice samples are user_files rows of kinds 'portrait' and 'voice_sample' (the
// owner check, the sweep, account deletion come with them); `seconds` is a voice sample's length.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('characters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_key', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) => c.notNull())
    .addColumn('face_key', 'text', (c) => c.notNull())
    .addColumn('face_media_id', 'text')
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('style', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('voice_type', 'text', (c) => c.notNull())
    .addColumn('voice_preset', 'text', (c) => c.notNull())
    .addColumn('voice_pitch', 'integer', (c) => c.notNull())
    .addColumn('voice_speed', 'integer', (c) => c.notNull())
    .addColumn('voice_sample_key', 'text')
    .addColumn('voice_sample_seconds', 'double precision')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('characters_user_name_idx').on('characters').columns(['user_id', 'name_key']).unique().execute();
  await db.schema.createIndex('characters_face_key_idx').on('characters').column('face_key').execute();
  await db.schema.createIndex('characters_voice_sample_key_idx').on('characters').column('voice_sample_key').execute();

  await db.schema.alterTable('jobs').addColumn('character_id', 'text', (c) => c.references('characters.id').onDelete('set null')).execute();
  await db.schema.createIndex('jobs_character_idx').on('jobs').column('character_id').execute();
  await db.schema.alterTable('media_items').addColumn('character_id', 'text', (c) => c.references('characters.id').onDelete('set null')).execute();
  await db.schema.createIndex('media_items_character_idx').on('media_items').columns(['user_id', 'character_id', 'kind', 'created_at']).execute();
  await db.schema.alterTable('user_files').addColumn('seconds', 'double precision').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user_files').dropColumn('seconds').execute();
  await db.schema.dropIndex('media_items_character_idx').execute();
  await db.schema.alterTable('media_items').dropColumn('character_id').execute();
  await db.schema.dropIndex('jobs_character_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('character_id').execute();
  await db.schema.dropTable('characters').execute();
}
