import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../util.ts';

// The gallery is searched in memory (db/repositories/gallery.ts, issue 29): each API process keeps
// a user's items once loaded and must learn when any process changes them. users.media_version
// moves on every insert, update and delete of the user's media_items, by triggers, so that every
// writer (the runner, account deletion, seeded tests) moves it; a search reads it (one indexed
// read) and reloads the user's items when it has moved. (0019 moves it into a table of its own.)
//
// The SQL indexes for the words go: SQLite's candidate index (0015: an FTS5 table and its three
// triggers, on databases migrated while 0015 still made them) and Postgres's pg_trgm index (0012).
// Every insert paid for them and no query uses them now. The B-tree gallery index stays: it serves
// the load of a user's items.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('media_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (isPostgres(db)) {
    await sql`drop index if exists media_items_search_trgm_idx`.execute(db);
  } else {
    for (const trigger of ['media_terms_insert', 'media_terms_delete', 'media_terms_update']) await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists media_terms`.execute(db);
  }
  await usersVersionTriggers(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropUsersVersionTriggers(db);
  if (isPostgres(db)) {
    // As 0012 made it, where the extension is there.
    const { rows } = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
    if (rows[0]?.ok) await sql`create index if not exists media_items_search_trgm_idx on media_items using gin (search_text public.gin_trgm_ops)`.execute(db);
  }
  await db.schema.alterTable('users').dropColumn('media_version').execute();
}

/** The triggers that move users.media_version (also 0019's down, which brings them back). */
export async function usersVersionTriggers(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // One update per statement and user, however many rows it wrote (seeds write thousands at once);
    // `users` is looked up in the schema the migration ran in, whoever fires it.
    await sql`create function media_version_moved() returns trigger language plpgsql set search_path from current as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') then
          update users set media_version = media_version + 1 where id in (select distinct user_id from old_rows);
        end if;
        if tg_op in ('INSERT', 'UPDATE') then
          update users set media_version = media_version + 1 where id in (select distinct user_id from new_rows);
        end if;
        return null;
      end $$`.execute(db);
    await statementTriggers(db, 'media_version', 'media_version_moved');
    return;
  }
  await sql`create trigger media_version_insert after insert on media_items begin
    update users set media_version = media_version + 1 where id = new.user_id;
  end`.execute(db);
  await sql`create trigger media_version_update after update on media_items begin
    update users set media_version = media_version + 1 where id in (old.user_id, new.user_id);
  end`.execute(db);
  await sql`create trigger media_version_delete after delete on media_items begin
    update users set media_version = media_version + 1 where id = old.user_id;
  end`.execute(db);
}

export async function dropUsersVersionTriggers(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, 'media_version');
  if (isPostgres(db)) await sql`drop function if exists media_version_moved()`.execute(db);
}

/**
 * Postgres: `${name}_insert`, `_update` and `_delete`, after each statement on media_items, calling
 * `fn` with the rows it wrote as old_rows / new_rows (also 0019's).
 */
export async function statementTriggers(db: Kysely<any>, name: string, fn: string): Promise<void> {
  const [insert, update, del, call] = [sql.id(`${name}_insert`), sql.id(`${name}_update`), sql.id(`${name}_delete`), sql`execute function ${sql.id(fn)}()`];
  await sql`create trigger ${insert} after insert on media_items referencing new table as new_rows for each statement ${call}`.execute(db);
  await sql`create trigger ${update} after update on media_items referencing old table as old_rows new table as new_rows for each statement ${call}`.execute(db);
  await sql`create trigger ${del} after delete on media_items referencing old table as old_rows for each statement ${call}`.execute(db);
}

/** Drops the triggers `${name}_insert`, `_update` and `_delete` on media_items, where they are. */
export async function dropTriggers(db: Kysely<any>, name: string): Promise<void> {
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger if exists ${sql.id(`${name}_${event}`)}${isPostgres(db) ? sql` on media_items` : sql``}`.execute(db);
  }
}
