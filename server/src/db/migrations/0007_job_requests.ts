import type { Kysely } from 'kysely';

// Refused requests leave nothing behind (issue 24):
// - jobs.request_hash: a SHA-256 of the call and its payload (fields, and each file's SHA-256), so an
//   Idempotency-Key reused with another payload is refused instead of answered with the first job;
// - user_files: every upload and link copy a user put into storage, with the job that used it. A
//   job may use only its user's files; a sweep deletes those no job used within a day, uploads of
//   finished jobs, and files whose account is gone. No foreign key on user_id on purpose: the
//   rows of a deleted account stay until the sweep has deleted their objects.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('request_hash', 'text').execute();
  await db.schema
    .createTable('user_files')
    .addColumn('storage_key', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('job_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_files_user_idx').on('user_files').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('user_files_unused_idx').on('user_files').columns(['job_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_files').execute();
  await db.schema.alterTable('jobs').dropColumn('request_hash').execute();
}
