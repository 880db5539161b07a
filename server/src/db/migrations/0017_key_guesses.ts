import type { Kysely } from 'kysely';

// Issue 40: a request with an unknown or revoked API key is a failure of its client address,
// counted like failed logins (20 a minute, then 429), in the database so every API process sees
// the same count. Rows older than the window are deleted as new ones are recorded.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_key_failures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_key_failures_ip_idx').on('api_key_failures').columns(['ip', 'created_at']).execute();
  await db.schema.createIndex('api_key_failures_created_idx').on('api_key_failures').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_key_failures').execute();
}
