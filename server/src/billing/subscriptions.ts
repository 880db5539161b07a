import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CreateSubscriptionResponse, SubscriptionDetails } from '../../../contract/billing.ts';
import { BILLING_MESSAGES } from '../../../contract/billing-rules.ts';
import '../db/billing-schema.ts';
import type { Db } from '../db/index.ts';
import { paymentEventsRepository } from '../db/repositories/payment-events.ts';
import { plansRepository, type PlanRecord } from '../db/repositories/plans.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { User } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { fromMinor } from '../payments/money.ts';
import type { Market, PaymentProviders } from '../payments/index.ts';
import { PaymentProviderError, PROVIDER_FAILED, type SubscriptionEvent, type SubscriptionStatus } from '../payments/types.ts';
import { grants, FREE_TRIAL_DAYS } from './grants.ts';
import { isoAt } from '../time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Statuses meaning the buyer approved the checkout. */
const APPROVED: readonly SubscriptionStatus[] = ['trialing', 'active', 'past_due', 'canceled', 'halted', 'expired'];
/** Statuses no later event of the same age may leave (a replayed 'activated' never revives a cancellation). */
const FINAL: readonly SubscriptionStatus[] = ['canceled', 'expired', 'declined'];

export interface BillingDeps {
  db: Db;
  providers: PaymentProviders;
  now: () => number;
  log: FastifyBaseLogger;
  /** Called once when a subscription is first approved (the receipt mail). */
  onApproved?: (subscriptionId: string) => Promise<void>;
}

/** Checkout, provider events and receipts: every change to our subscriptions goes through here. */
export function subscriptions(deps: BillingDeps) {
  const { db, providers, now } = deps;
  const plans = plansRepository(db);
  const trials = grants(db, now);

  const rows = subscriptionsRepository(db);

  return {
    /**
     * Starts a checkout for `planId` (our slug or either provider id) with the provider serving
     * `market`: a pending subscription row first (so its events always find it), then the provider.
     */
    async startCheckout(input: { user: User; planId: string; market: Market; origin: string }): Promise<CreateSubscriptionResponse> {
      const plan = await plans.findByAnyId(input.planId);
      if (!plan) throw new HttpError(400, 'Unknown plan.', 'plan_id');
      const provider = providers.forMarket(input.market);
      if (!provider) throw new HttpError(400, BILLING_MESSAGES.paidPlansUnavailable);
      const trialDays = (await trials.hasHadTrial(input.user.id)) ? 0 : FREE_TRIAL_DAYS;
      const price = priceOf(plan, input.market);
      const id = randomUUID();
      await rows.add({
        id,
        user_id: input.user.id,
        plan_id: plan.id,
        provider: provider.name,
        provider_subscription_id: `pending:${id}`,
        status: 'pending',
        trial_days: trialDays,
        amount_minor: price.minor,
        currency: price.currency,
        created_at: isoAt(now()),
        updated_at: isoAt(now()),
      });
      try {
        const result = await provider.createSubscription({
          subscriptionId: id,
          providerPlanId: providers.planIdFor(plan, input.market),
          plan: { id: plan.id, name: plan.name },
          price: { value: fromMinor(price.minor), currency: price.currency },
          user: { id: input.user.id, email: input.user.email, name: input.user.name },
          trialDays,
          returnUrl: `${input.origin}/paymentSuccess`,
          cancelUrl: `${input.origin}/pricing`,
          now: now(),
        });
        await rows.update(id, { provider_subscription_id: result.providerSubscriptionId, updated_at: isoAt(now()) });
        return { subscription_id: result.providerSubscriptionId, short_url: result.paymentUrl, trial_days: trialDays };
      } catch (err) {
        await rows.remove(id);
        if (err instanceof PaymentProviderError) {
          deps.log.error({ err, provider: provider.name }, 'payment provider refused a checkout');
          throw new HttpError(502, PROVIDER_FAILED.checkout);
        }
        throw err;
      }
    },

    /**
     * Applies one verified provider event, once: its id goes into payment_events under a unique
     * constraint in the same transaction as the change, so a redelivery changes nothing; so does its
     * content key when it has one (a row of its own, naming the event's id). Events older than the
     * newest applied one may extend the paid period but never change the status.
     */
    async applyEvent(providerName: string, event: SubscriptionEvent, payload: string): Promise<'applied' | 'duplicate' | 'unknown'> {
      let approvedNow: string | null = null;
      const outcome = await db.transaction().execute(async (trx) => {
        const sub = await subscriptionsRepository(trx).byProviderId(providerName, event.providerSubscriptionId);
        /** One key of the event into payment_events; false when the provider's key is already there. */
        const record = async (key: string, text: string, owner: { user_id: string; id: string } | undefined) => {
          const row = { id: randomUUID(), provider: providerName as 'sandbox', event_id: key, type: event.type, payload: text, user_id: owner?.user_id ?? null, subscription_id: owner?.id ?? null, created_at: isoAt(now()) };
          return paymentEventsRepository(trx).addOnce(row);
        };
        if (!(await record(event.eventId, payload, sub))) return 'duplicate' as const;
        // Thrown, so the id's row is undone too: an event refused under a borrowed id still counts under its own.
        if (event.contentKey && event.contentKey !== event.eventId && !(await record(event.contentKey, JSON.stringify({ same_event_as: event.eventId }), undefined))) {
          throw new SeenBefore();
        }
        if (!sub) return 'unknown' as const;

        const newer = !sub.last_event_at || event.occurredAt >= sub.last_event_at;
        const current = sub.status as SubscriptionStatus;
        const status = event.status && newer && !(FINAL.includes(current) && event.occurredAt === sub.last_event_at) ? event.status : current;
        const extends_ = event.periodEnd && (!sub.current_period_end || event.periodEnd > sub.current_period_end);
        const approved = !sub.approved_at && APPROVED.includes(status);
        await subscriptionsRepository(trx).update(sub.id, {
          status,
          ...(extends_ || (newer && event.periodEnd !== undefined) ? { current_period_start: event.periodStart ?? sub.current_period_start, current_period_end: event.periodEnd ?? sub.current_period_end } : {}),
          ...(status === 'canceled' && current !== 'canceled' ? { cancel_at: event.periodEnd ?? sub.current_period_end ?? event.occurredAt } : {}),
          ...(approved ? { approved_at: event.occurredAt } : {}),
          last_event_at: newer ? event.occurredAt : sub.last_event_at,
          updated_at: isoAt(now()),
        });
        if (approved) approvedNow = sub.id;
        // The free trial starts when a trial checkout is approved: once per user, ever.
        if (approved && sub.trial_days > 0) await trials.startTrial(trx, { userId: sub.user_id, planId: sub.plan_id, subscriptionId: sub.id, days: sub.trial_days, at: event.occurredAt });
        return 'applied' as const;
      }).catch((err: unknown) => {
        if (err instanceof SeenBefore) return 'duplicate' as const;
        throw err;
      });
      if (approvedNow && deps.onApproved) {
        await deps.onApproved(approvedNow).catch((err: unknown) => deps.log.error({ err, subscriptionId: approvedNow }, 'receipt mail failed'));
      }
      return outcome;
    },

    /** The receipt of one of the user's subscriptions (spec §3's shape, for every provider). */
    async details(user: User, subscriptionId: string): Promise<SubscriptionDetails> {
      const sub = await rows.ofUser(user.id, subscriptionId);
      if (!sub || sub.provider_subscription_id.startsWith('pending:')) throw new HttpError(404, 'Subscription not found.', 'subscription_id');
      const plan = await plans.findById(sub.plan_id);
      const provider = providers.byName(sub.provider);
      const remote = provider ? await provider.fetchSubscription(sub.provider_subscription_id).catch((err: unknown) => {
        deps.log.warn({ err, provider: sub.provider }, 'could not fetch a subscription from its provider');
        return null;
      }) : null;
      const status = (remote?.status ?? sub.status) as SubscriptionStatus;
      const trialEnd = sub.trial_days > 0 && sub.approved_at ? isoAt(Date.parse(sub.approved_at) + sub.trial_days * DAY_MS) : null;
      const amount = remote?.lastPayment ?? { value: sub.trial_days > 0 && !remote?.lastPayment ? '0.00' : fromMinor(sub.amount_minor ?? 0), currency: sub.currency ?? 'USD' };
      return {
        id: sub.provider_subscription_id,
        plan_id: remote?.providerPlanId ?? sub.plan_id,
        plan_name: plan?.name ?? sub.plan_id,
        provider: sub.provider,
        status,
        paid: APPROVED.includes(status) && status !== 'halted' && status !== 'expired',
        start_time: remote?.startTime ?? sub.current_period_start,
        create_time: remote?.createTime ?? sub.created_at,
        trial_end: trialEnd,
        billing_info: { last_payment: { amount: { value: amount.value, currency_code: amount.currency } } },
        first_charge: trialEnd && sub.amount_minor ? { amount: { value: fromMinor(sub.amount_minor), currency_code: sub.currency ?? amount.currency }, at: trialEnd } : null,
        subscriber: { email_address: remote?.subscriber.email ?? user.email, name: remote?.subscriber.name ?? user.name, tenant: sub.provider },
        user_email: user.email,
        payment_method: remote?.paymentMethod ?? '',
      };
    },

    /** A checkout of the user's that is under way (created in the last 30 minutes, not yet decided). */
    async processingPlan(userId: string): Promise<string | null> {
      return rows.pendingPlanSince(userId, isoAt(now() - 30 * 60 * 1000));
    },

    /** Stops every renewing subscription of the user at its provider (account deletion). */
    async cancelAll(userId: string): Promise<void> {
      const live = await rows.live(userId);
      for (const sub of live) {
        if (sub.provider_subscription_id.startsWith('pending:')) continue;
        const provider = providers.byName(sub.provider);
        await provider
          ?.cancelSubscription(sub.provider_subscription_id, { atPeriodEnd: false })
          .catch((err: unknown) => deps.log.error({ err, subscriptionId: sub.id, provider: sub.provider }, 'could not cancel a subscription at its provider'));
      }
    },
  };
}

/** An event already applied under its content key (rolls the transaction back). */
class SeenBefore extends Error {}

function priceOf(plan: PlanRecord, market: Market): { minor: number; currency: string } {
  return market === 'india' ? { minor: plan.price_inr_paise, currency: 'INR' } : { minor: plan.price_usd_cents, currency: 'USD' };
}

export type Subscriptions = ReturnType<typeof subscriptions>;
