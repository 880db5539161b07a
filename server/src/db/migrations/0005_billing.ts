import { sql, type Kysely } from 'kysely';

// Billing (issue 10):
// - subscriptions: the trial a checkout was created with, the price, the newest event applied
//   (older deliveries never undo newer ones) and when the buyer first approved.
// - payment_events: whose event it was, so one table reads as a user's entitlement history
//   (provider webhooks, trials and operator grants alike).
// - grants: entitlements that are not a paid subscription: the free trial (once per user, ever)
//   and operator grants (`npm run admin -- grant`).
// - sandbox_subscriptions: the embedded sandbox provider's own books, kept apart from ours the way
//   a real provider's are: our subscriptions change only through its signed events.
// - plans: the ids the page sends become the default provider plan ids.

const PLAN_SLUGS = ['basic', 'advanced', 'premium'];

// Kysely<any>: a migration must keep working when today's schema types change.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('subscriptions').addColumn('amount_minor', 'integer').execute();
  await db.schema.alterTable('subscriptions').addColumn('currency', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('approved_at', 'text').execute();
  await db.schema.alterTable('subscriptions').addColumn('last_event_at', 'text').execute();
  await db.schema.createIndex('subscriptions_user_created_idx').on('subscriptions').columns(['user_id', 'created_at']).execute();

  await db.schema.alterTable('payment_events').addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade')).execute();
  await db.schema.alterTable('payment_events').addColumn('subscription_id', 'text').execute();
  await db.schema.createIndex('payment_events_user_idx').on('payment_events').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
    .addColumn('subscription_id', 'text')
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('grants_kind', sql`kind in ('trial', 'grant')`)
    .execute();
  await db.schema.createIndex('grants_user_idx').on('grants').columns(['user_id', 'ends_at']).execute();
  // One free trial per user, ever.
  await db.schema.createIndex('grants_one_trial_idx').on('grants').column('user_id').unique().where(sql.ref('kind'), '=', 'trial').execute();

  await db.schema
    .createTable('sandbox_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('trial_days', 'integer', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('start_at', 'text')
    .addColumn('current_start', 'text')
    .addColumn('current_end', 'text')
    .addColumn('last_payment_at', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sandbox_subscriptions_due_idx').on('sandbox_subscriptions').columns(['status', 'current_end']).execute();

  for (const slug of PLAN_SLUGS) {
    await db.updateTable('plans').set({ provider_plan_id: `plan_${slug}_inr` }).where('id', '=', slug).where('provider_plan_id', 'is', null).execute();
    await db.updateTable('plans').set({ other_plan_id: `P-${slug.toUpperCase()}-USD` }).where('id', '=', slug).where('other_plan_id', 'is', null).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const slug of PLAN_SLUGS) {
    await db.updateTable('plans').set({ provider_plan_id: null }).where('id', '=', slug).where('provider_plan_id', '=', `plan_${slug}_inr`).execute();
    await db.updateTable('plans').set({ other_plan_id: null }).where('id', '=', slug).where('other_plan_id', '=', `P-${slug.toUpperCase()}-USD`).execute();
  }
  await db.schema.dropTable('sandbox_subscriptions').execute();
  await db.schema.dropTable('grants').execute();
  await db.schema.dropIndex('payment_events_user_idx').execute();
  await db.schema.alterTable('payment_events').dropColumn('subscription_id').execute();
  await db.schema.alterTable('payment_events').dropColumn('user_id').execute();
  await db.schema.dropIndex('subscriptions_user_created_idx').execute();
  for (const column of ['last_event_at', 'approved_at', 'currency', 'amount_minor', 'trial_days']) {
    await db.schema.alterTable('subscriptions').dropColumn(column).execute();
  }
}
