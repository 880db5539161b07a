import { sql, type Kysely } from 'kysely';

// Portable types only (text, integer, bigint): this file runs unchanged on SQLite and Postgres.
// Profiles are not a table of their own: name, email and receive_comms live on users.

// Kysely<any>: a migration must keep working when today's schema types change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
    // Opt-in: nobody is mailed news until they switch Communications on.
    .addColumn('receive_comms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guide_tour_face_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guide_tour_image_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('guide_tour_video_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('users_email_lower', sql`email = lower(email)`)
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('replaced_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consumed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('otp_codes_purpose', sql`purpose in ('signup', 'reset')`)
    .execute();
  // Serves both "latest code for this address" and "sends in the last hour".
  await db.schema.createIndex('otp_codes_email_idx').on('otp_codes').columns(['email', 'purpose', 'created_at']).execute();

  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('feedback_rating', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('feedback_user_idx').on('feedback').column('user_id').execute();

  await db.schema
    .createTable('billing_addresses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text')
    .addColumn('pincode', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('state', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('billing_addresses_user_idx').on('billing_addresses').column('user_id').execute();
  await db.schema.createIndex('billing_addresses_email_idx').on('billing_addresses').column('email').execute();

  await db.schema
    .createTable('plans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('provider_plan_id', 'text', (c) => c.unique())
    .addColumn('other_plan_id', 'text', (c) => c.unique())
    .addColumn('price_inr_paise', 'integer', (c) => c.notNull())
    .addColumn('list_price_inr_paise', 'integer', (c) => c.notNull())
    .addColumn('price_usd_cents', 'integer', (c) => c.notNull())
    .addColumn('list_price_usd_cents', 'integer', (c) => c.notNull())
    .addColumn('face_limit', 'integer', (c) => c.notNull())
    .addColumn('image_limit', 'integer', (c) => c.notNull())
    .addColumn('video_limit', 'integer', (c) => c.notNull())
    .addColumn('features', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_start', 'text')
    .addColumn('current_period_end', 'text')
    .addColumn('cancel_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('subscriptions_provider', sql`provider in ('sandbox', 'razorpay', 'paypal')`)
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('payment_events_provider_event_unique', ['provider', 'event_id'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('output', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('idempotency_key', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // NULL keys are distinct on both engines, so jobs without a key never collide.
    .addUniqueConstraint('jobs_user_idempotency_unique', ['user_id', 'idempotency_key'])
    .addCheckConstraint('jobs_status', sql`status in ('queued', 'running', 'succeeded', 'failed', 'canceled')`)
    .addCheckConstraint('jobs_progress', sql`progress between 0 and 100`)
    .execute();
  await db.schema.createIndex('jobs_status_lease_idx').on('jobs').columns(['status', 'lease_until']).execute();
  // Quota counts (succeeded jobs of a kind this period) and "my recent jobs".
  await db.schema.createIndex('jobs_user_kind_idx').on('jobs').columns(['user_id', 'kind', 'status', 'finished_at']).execute();

  await db.schema
    .createTable('media_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'text', (c) => c.references('jobs.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('gender', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('face_prompt', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('media_items_kind', sql`kind in ('face', 'image', 'video', 'cloth', 'imgTovideo', 'audio')`)
    .addCheckConstraint('media_items_gender', sql`gender is null or gender in ('male', 'female')`)
    .execute();
  await db.schema.createIndex('media_items_user_kind_idx').on('media_items').columns(['user_id', 'kind', 'created_at']).execute();
  await db.schema.createIndex('media_items_job_idx').on('media_items').column('job_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'media_items', 'jobs', 'payment_events', 'subscriptions', 'plans', 'billing_addresses',
    'feedback', 'contact_messages', 'newsletter_subscriptions', 'otp_codes', 'refresh_tokens', 'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
