import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../util.ts';

// The SQLite gallery search's candidate index (db/gallery-terms.ts, issue 29): a contentless FTS5
// table of each item's scoped 3-character runs, keyed by the item's rowid, kept by triggers on
// media_items so that every writer (the runner, account deletion, seeded tests, this backfill)
// keeps it current. The triggers call gallery_terms, the SQL function db/index.ts registers on
// every connection it opens. Items without search text are not indexed: no q word can match them.
// Postgres needs none of it: pg_trgm's index (0012) serves the same LIKE.
//
// media_items has no INTEGER PRIMARY KEY, so a VACUUM may renumber its rowids: do not VACUUM the
// file without running this migration's down and up again (the server never does).

export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  // detail=none: only which items hold a term, no positions; contentless_delete lets a row go by rowid.
  await sql`create virtual table media_terms using fts5(terms, content='', contentless_delete=1, detail=none, tokenize='ascii')`.execute(db);
  await sql`create trigger media_terms_insert after insert on media_items when new.search_text <> '' begin
    insert into media_terms (rowid, terms) values (new.rowid, gallery_terms(new.user_id, new.kind, new.search_text));
  end`.execute(db);
  await sql`create trigger media_terms_delete after delete on media_items when old.search_text <> '' begin
    delete from media_terms where rowid = old.rowid;
  end`.execute(db);
  await sql`create trigger media_terms_update after update of user_id, kind, search_text on media_items begin
    delete from media_terms where rowid = old.rowid and old.search_text <> '';
    insert into media_terms (rowid, terms) select new.rowid, gallery_terms(new.user_id, new.kind, new.search_text) where new.search_text <> '';
  end`.execute(db);
  await sql`insert into media_terms (rowid, terms) select rowid, gallery_terms(user_id, kind, search_text) from media_items where search_text <> ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const trigger of ['media_terms_insert', 'media_terms_delete', 'media_terms_update']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
  await sql`drop table if exists media_terms`.execute(db);
}
