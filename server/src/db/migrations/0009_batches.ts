import type { Kysely } from 'kysely';

// Batches (issue 29): one request making many jobs of one generation call.
// - batches: who asked, for which call (the spec's path), how many items; an Idempotency-Key
//   with the request's hash, so a replayed batch answers the same batch and never bills twice;
// - jobs.batch_id / batch_index: the batch a job belongs to and its item's place in the request
//   (its jobs share one created_at, so the index is what keeps the items' order).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .addColumn('request_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    // NULL keys are distinct on both engines, so batches without a key never collide.
    .addUniqueConstraint('batches_user_idempotency_unique', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('batches_user_created_idx').on('batches').columns(['user_id', 'created_at']).execute();
  // No foreign key: SQLite cannot drop a column that has one (down), and a batch goes only with its
  // user, whose jobs go with it.
  await db.schema.alterTable('jobs').addColumn('batch_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('batch_index', 'integer').execute();
  await db.schema.createIndex('jobs_batch_idx').on('jobs').columns(['batch_id', 'batch_index']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_batch_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('batch_index').execute();
  await db.schema.alterTable('jobs').dropColumn('batch_id').execute();
  await db.schema.dropTable('batches').execute();
}
