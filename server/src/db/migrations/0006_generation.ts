import type { Kysely } from 'kysely';

// Generation jobs (issue 11), on the jobs and media_items tables of 0001:
// - run_after: a queued job waits until then (retry backoff);
// - engine: which engine ran it ('local', 'comfyui', 'replicate'), shown to the page;
// - lease_owner: the process holding the lease; only it may finish the job;
// - cancel_requested_at: the user asked to stop a running job; its runner stops it;
// - result: the spec's response fields ({output}, {video_url}, …) once it succeeded.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('run_after', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('engine', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('cancel_requested_at', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('result', 'text').execute();
  // The runner's claim: queued jobs that are due, oldest first.
  await db.schema.createIndex('jobs_status_run_after_idx').on('jobs').columns(['status', 'run_after', 'created_at']).execute();
  // "My recent jobs" (GET /api/jobs) newest first.
  await db.schema.createIndex('jobs_user_created_idx').on('jobs').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_user_created_idx').execute();
  await db.schema.dropIndex('jobs_status_run_after_idx').execute();
  for (const column of ['result', 'cancel_requested_at', 'lease_owner', 'engine', 'run_after']) {
    await db.schema.alterTable('jobs').dropColumn(column).execute();
  }
}
