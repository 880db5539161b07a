import type { Kysely } from 'kysely';

// The queue people can steer (issue 29):
// - jobs.queue_order: each user's own order of their queued jobs (epoch ms when made; moving a job
//   to the front or back sets it below the user's lowest or above their highest). The claim takes
//   users round-robin, then each user's jobs by it. Jobs still queued or running are backfilled
//   from created_at; finished ones keep null (no longer ordered).
// - job_run_times: the running average run time per (kind, engine), measured by whichever process
//   ran the job, so every process estimates from the same figures.
// - job_files: every upload or link copy each job reads (user_files.job_id keeps only the first), so
//   a file stays while any job that read it may still be re-run, and goes with the last of them.
//   Backfilled from user_files.job_id.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('queue_order', 'bigint').execute();
  const open: { id: string; created_at: string }[] = await db.selectFrom('jobs').select(['id', 'created_at']).where('status', 'in', ['queued', 'running']).execute();
  for (const { id, created_at } of open) await db.updateTable('jobs').set({ queue_order: Date.parse(created_at) }).where('id', '=', id).execute();
  await db.schema.createIndex('jobs_user_queue_idx').on('jobs').columns(['user_id', 'status', 'queue_order']).execute();
  // The claim's round-robin asks when each user's last job started.
  await db.schema.createIndex('jobs_user_started_idx').on('jobs').columns(['user_id', 'started_at']).execute();

  await db.schema
    .createTable('job_run_times')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('engine', 'text', (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull())
    .addColumn('avg_ms', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_run_times_pk', ['kind', 'engine'])
    .execute();

  await db.schema
    .createTable('job_files')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_files_pk', ['job_id', 'storage_key'])
    .execute();
  await db.schema.createIndex('job_files_key_idx').on('job_files').column('storage_key').execute();
  await db
    .insertInto('job_files')
    .columns(['job_id', 'storage_key'])
    .expression((eb: any) => eb.selectFrom('user_files').select(['job_id', 'storage_key']).where('job_id', 'is not', null))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_files').execute();
  await db.schema.dropTable('job_run_times').execute();
  await db.schema.dropIndex('jobs_user_started_idx').execute();
  await db.schema.dropIndex('jobs_user_queue_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('queue_order').execute();
}
