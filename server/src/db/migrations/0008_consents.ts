import type { Kysely } from 'kysely';

// Consent to use outside media of a person (issue 26): the user's statement that they have the
// right to use a linked post or reel, a garment photo or a voice, and the consent of the people in
// it, with what it covers (the link, our copy's or upload's key, its SHA-256). Recorded on a link
// copy (which makes no job) or with the job that takes the upload; job_consents says which
// consents each job relied on (a link copy may serve several jobs). Rows go with their account.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('consents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('call', 'text', (c) => c.notNull())
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text')
    .addColumn('storage_key', 'text')
    .addColumn('sha256', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_user_key_idx').on('consents').columns(['user_id', 'storage_key']).execute();
  await db.schema
    .createTable('job_consents')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('consent_id', 'text', (c) => c.notNull().references('consents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('job_consents_pk', ['job_id', 'consent_id'])
    .execute();
  await db.schema.createIndex('job_consents_consent_idx').on('job_consents').column('consent_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_consents').execute();
  await db.schema.dropTable('consents').execute();
}
