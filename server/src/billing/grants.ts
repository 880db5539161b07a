import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import '../db/billing-schema.ts';
import type { Db } from '../db/index.ts';
import { grantsRepository } from '../db/repositories/grants.ts';
import { paymentEventsRepository } from '../db/repositories/payment-events.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { Database } from '../db/schema.ts';
import { isoAt } from '../time.ts';

// Entitlements that are not a paid period: the free trial and operator grants. Each one is also
// written to payment_events (provider 'trial' or 'admin'), so a user's entitlement history is
// read from one table whatever gave it.

export const FREE_TRIAL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

type Executor = Db | Transaction<Database>;

export function grants(db: Db, now: () => number) {

  async function record(trx: Executor, provider: 'trial' | 'admin', type: string, userId: string, payload: object, subscriptionId: string | null = null) {
    await paymentEventsRepository(trx).add({ id: randomUUID(), provider, event_id: randomUUID(), type, payload: JSON.stringify(payload), user_id: userId, subscription_id: subscriptionId, created_at: isoAt(now()) });
  }

  return {
    /** Whether the user has had the free trial, or approved a checkout that carried one. */
    async hasHadTrial(userId: string): Promise<boolean> {
      const [trial, approvedTrialCheckout] = await Promise.all([grantsRepository(db).hadTrial(userId), subscriptionsRepository(db).hadApprovedTrialCheckout(userId)]);
      return trial || approvedTrialCheckout;
    },

    /** Starts the user's free trial (in the caller's transaction); a second one is never given. */
    async startTrial(trx: Executor, input: { userId: string; planId: string; subscriptionId: string; days: number; at: string }): Promise<boolean> {
      if (await grantsRepository(trx).hadTrial(input.userId)) return false;
      const startsAt = input.at;
      const endsAt = isoAt(Date.parse(startsAt) + input.days * DAY_MS);
      await grantsRepository(trx).add({ id: randomUUID(), user_id: input.userId, kind: 'trial', plan_id: input.planId, subscription_id: input.subscriptionId, starts_at: startsAt, ends_at: endsAt, revoked_at: null, created_at: isoAt(now()) });
      await record(trx, 'trial', 'trial.started', input.userId, { plan: input.planId, starts_at: startsAt, ends_at: endsAt }, input.subscriptionId);
      return true;
    },

    /** An operator's grant of `planId` for `days` from now. */
    async grant(userId: string, planId: string, days: number): Promise<{ endsAt: string }> {
      const startsAt = isoAt(now());
      const endsAt = isoAt(now() + days * DAY_MS);
      await db.transaction().execute(async (trx) => {
        await grantsRepository(trx).add({ id: randomUUID(), user_id: userId, kind: 'grant', plan_id: planId, subscription_id: null, starts_at: startsAt, ends_at: endsAt, revoked_at: null, created_at: startsAt });
        await record(trx, 'admin', 'grant.created', userId, { plan: planId, days, starts_at: startsAt, ends_at: endsAt });
      });
      return { endsAt };
    },

    /** Ends the user's grants and trial now; a paid subscription is the provider's to end. A revoked trial is not given again. */
    async revoke(userId: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const count = await grantsRepository(trx).revokeRunning(userId, isoAt(now()));
        await record(trx, 'admin', 'grant.revoked', userId, { revoked: count });
        return count;
      });
    },
  };
}
