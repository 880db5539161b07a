import type { Insertable, Updateable } from 'kysely';
import '../billing-schema.ts';
import type { Db } from '../index.ts';
import { ENTITLEMENT_PLAN_COLUMNS } from './plans.ts';
import type { SubscriptionsTable } from '../schema.ts';

/** Statuses of a subscription that a provider may still charge or renew. */
const LIVE = ['pending', 'trialing', 'active', 'past_due', 'halted'] as const;
/** Statuses whose paid period still counts (a canceled subscription runs to its period's end). */
const PAID = ['active', 'past_due', 'canceled'] as const;

/** Our side of the users' subscriptions at payment providers (the only SQL on subscriptions). */
export function subscriptionsRepository(db: Db) {
  return {
    add: (row: Insertable<SubscriptionsTable>) => db.insertInto('subscriptions').values(row).execute(),

    update: (id: string, changes: Updateable<SubscriptionsTable>) => db.updateTable('subscriptions').set(changes).where('id', '=', id).execute(),

    remove: (id: string) => db.deleteFrom('subscriptions').where('id', '=', id).execute(),

    byId: (id: string) => db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

    byProviderId: (provider: string, providerSubscriptionId: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('provider', '=', provider as 'sandbox')
        .where('provider_subscription_id', '=', providerSubscriptionId)
        .executeTakeFirst(),

    /** One of the user's subscriptions, by our id or the provider's. */
    ofUser: (userId: string, id: string) =>
      db
        .selectFrom('subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('provider_subscription_id', '=', id), eb('id', '=', id)]))
        .executeTakeFirst(),

    /** The plan of the user's newest checkout still pending and created after `since`. */
    async pendingPlanSince(userId: string, since: string): Promise<string | null> {
      const row = await db
        .selectFrom('subscriptions')
        .select('plan_id')
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.plan_id ?? null;
    },

    /** Whether the user approved a checkout that carried a free trial. */
    async hadApprovedTrialCheckout(userId: string): Promise<boolean> {
      const row = await db.selectFrom('subscriptions').select('id').where('user_id', '=', userId).where('trial_days', '>', 0).where('approved_at', 'is not', null).executeTakeFirst();
      return row !== undefined;
    },

    /** The user's subscriptions a provider may still charge or renew. */
    live: (userId: string) =>
      db.selectFrom('subscriptions').select(['id', 'provider', 'provider_subscription_id']).where('user_id', '=', userId).where('status', 'in', [...LIVE]).execute(),

    /** Marks every subscription of the user not yet over as canceled now (the account is going). */
    async cancelAllOf(userId: string, now: string): Promise<void> {
      await db.updateTable('subscriptions').set({ status: 'canceled', cancel_at: now, updated_at: now }).where('user_id', '=', userId).where('status', 'not in', ['canceled', 'expired']).execute();
    },

    /** The user's paid periods in force at `now`, with their plans. */
    paidInForce: (userId: string, now: string) =>
      db
        .selectFrom('subscriptions')
        .innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
        .select([...ENTITLEMENT_PLAN_COLUMNS, 'subscriptions.id as subscription_id', 'subscriptions.provider', 'subscriptions.current_period_start', 'subscriptions.current_period_end'])
        .where('subscriptions.user_id', '=', userId)
        .where('subscriptions.status', 'in', [...PAID])
        .where('subscriptions.current_period_start', '<=', now)
        .where('subscriptions.current_period_end', '>', now)
        .execute(),
  };
}

export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
