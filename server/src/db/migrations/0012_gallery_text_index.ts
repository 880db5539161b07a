import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../util.ts';

// The gallery search's text index (issue 29), on each engine the way it can use one for
// `search_text LIKE '%word%'` (every q word is such a LIKE: repositories/media.ts galleryPage):
// - SQLite: the gallery index of 0010 widened with search_text and storage_key (the walk's other
//   filter), so the newest-first walk over a user's group tests each word on the index entry itself
//   and reads only the rows it answers (bench:api's searches over 10,000 items per user, measured
//   directly on the repository: 2 words over 6 groups 4.2 -> 1.8 ms, 3 rare words 4.0 -> 1.3 ms;
//   an FTS5 trigram index was slower for common words, the gallery's usual case, so it is not used).
// - Postgres: a pg_trgm GIN index on search_text, which LIKE '%word%' of 3 or more characters uses
//   (the planner picks it or the newest-first btree walk by the words' rarity). The extension goes
//   into schema public, once per database (tests run each in its own schema, dropped with CASCADE;
//   an extension made inside one would vanish for the others), under an advisory lock (migrations
//   of several schemas may run at once), and only where the role may create it: without it the
//   search works as before, unindexed.

const TRGM_LOCK = 290_012;

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`select pg_advisory_xact_lock(${TRGM_LOCK})`.execute(db);
    const { rows } = await sql<{ ok: boolean }>`
      select exists (select 1 from pg_extension where extname = 'pg_trgm')
        or (exists (select 1 from pg_available_extensions where name = 'pg_trgm') and has_database_privilege(current_database(), 'CREATE')) as ok`.execute(db);
    if (!rows[0]?.ok) return;
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    await sql`create index media_items_search_trgm_idx on media_items using gin (search_text public.gin_trgm_ops)`.execute(db);
    return;
  }
  await db.schema.createIndex('media_items_gallery_text_idx').on('media_items').columns(['user_id', 'kind', 'created_at desc', 'id desc', 'search_text', 'storage_key']).execute();
  await db.schema.dropIndex('media_items_gallery_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // The extension stays: other schemas of the database may use it.
    await sql`drop index if exists media_items_search_trgm_idx`.execute(db);
    return;
  }
  await db.schema.createIndex('media_items_gallery_idx').on('media_items').columns(['user_id', 'kind', 'created_at desc', 'id desc']).execute();
  await db.schema.dropIndex('media_items_gallery_text_idx').execute();
}
