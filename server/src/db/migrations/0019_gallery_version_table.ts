import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../util.ts';
import { dropTriggers, dropUsersVersionTriggers, statementTriggers, usersVersionTriggers } from './0016_gallery_versions.ts';

// Issue 43: the gallery's version (0016) moves off the `users` row into a table of its own. Every
// write to a user's media_items bumped users.media_version, and that row is the one the job service
// locks to reserve allowances (usersRepository.lock): on Postgres a stored result and a reservation
// waited for each other. Triggers still move it, so every writer (the runner, account deletion,
// seeded tests) does; a user without a row is at version 0. The row goes with the account by
// cascade, and the triggers bump only users that exist, so the media cascading from a deleted
// account leave no row behind.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('gallery_versions')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await dropUsersVersionTriggers(db);
  await sql`insert into gallery_versions (user_id, version) select id, media_version from users where media_version > 0`.execute(db);
  await db.schema.alterTable('users').dropColumn('media_version').execute();
  if (isPostgres(db)) {
    // One upsert per statement, each user once (ON CONFLICT may not touch a row twice), however many
    // rows it wrote; the tables are looked up in the schema the migration ran in, whoever fires it.
    await sql`create function gallery_version_moved() returns trigger language plpgsql set search_path from current as $$
      declare moved text[];
      begin
        if tg_op in ('UPDATE', 'DELETE') then moved := array(select user_id from old_rows); end if;
        if tg_op in ('INSERT', 'UPDATE') then moved := moved || array(select user_id from new_rows); end if;
        insert into gallery_versions (user_id, version) select id, 1 from users where id = any(moved)
          on conflict (user_id) do update set version = gallery_versions.version + 1;
        return null;
      end $$`.execute(db);
    await statementTriggers(db, 'gallery_version', 'gallery_version_moved');
    return;
  }
  // (The WHERE keeps SQLite from reading ON CONFLICT as part of the SELECT's join.)
  await sql`create trigger gallery_version_insert after insert on media_items begin
    insert into gallery_versions (user_id, version) select id, 1 from users where id = new.user_id
      on conflict (user_id) do update set version = version + 1;
  end`.execute(db);
  await sql`create trigger gallery_version_update after update on media_items begin
    insert into gallery_versions (user_id, version) select id, 1 from users where id in (old.user_id, new.user_id)
      on conflict (user_id) do update set version = version + 1;
  end`.execute(db);
  await sql`create trigger gallery_version_delete after delete on media_items begin
    insert into gallery_versions (user_id, version) select id, 1 from users where id = old.user_id
      on conflict (user_id) do update set version = version + 1;
  end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, 'gallery_version');
  if (isPostgres(db)) await sql`drop function if exists gallery_version_moved()`.execute(db);
  await db.schema.alterTable('users').addColumn('media_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update users set media_version = (select version from gallery_versions where user_id = users.id) where id in (select user_id from gallery_versions)`.execute(db);
  await db.schema.dropTable('gallery_versions').execute();
  await usersVersionTriggers(db);
}
