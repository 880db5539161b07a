// The use cases the billing routes call (`app.billing.service`): the plan list, billing addresses,
// the plan in force, starting a checkout, receipts and the sandbox's checkout page. Routes find the
// caller's country from the request and shape the answers; the steps live here.
import type {
  BillingAddress, CreateBillingBody, CreateSubscriptionResponse, CurrentPlanResponse, PlansResponse, SubscriptionDetails,
} from '../../../contract/billing.ts';
import { BILLING_MESSAGES } from '../../../contract/billing-rules.ts';
import type { Db } from '../db/index.ts';
import { billingAddressesRepository } from '../db/repositories/billing-addresses.ts';
import { plansRepository } from '../db/repositories/plans.ts';
import { usersRepository } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import { marketOf, type Market, type PaymentProviders } from '../payments/index.ts';
import type { SandboxCheckout, SandboxDelivery } from '../payments/sandbox.ts';
import { isoAt } from '../time.ts';
import { validBilling } from './address.ts';
import type { Entitlements } from './entitlements.ts';
import { FREE_TRIAL_DAYS, type grants } from './grants.ts';
import type { Subscriptions } from './subscriptions.ts';

export interface BillingServiceDeps {
  db: Db;
  now: () => number;
  providers: PaymentProviders;
  subscriptions: Pick<Subscriptions, 'startCheckout' | 'details' | 'processingPlan'>;
  entitlements: Pick<Entitlements, 'summary'>;
  grants: Pick<ReturnType<typeof grants>, 'hasHadTrial'>;
}

/** Each market's checkout refuses visitors of the other one (paid plans lock the country, ARCHITECTURE §8). */
const WRONG_MARKET: Record<Market, string> = {
  india: 'Payments from outside India go through PayPal. Please reload the page and try again.',
  international: 'Payments from India go through the India payment provider. Please reload the page and try again.',
};

// `country` below is the caller's, from the request address only (never from a body); null when unknown.
export function billingService(deps: BillingServiceDeps) {
  const { providers } = deps;
  const plans = plansRepository(deps.db);
  const addresses = billingAddressesRepository(deps.db);
  const users = usersRepository(deps.db);

  /** The signed-in user's row; 401 when the account went away since the token was issued. */
  async function signedInUser(userId: string): Promise<User> {
    const user = await users.findById(userId);
    if (!user) throw new HttpError(401, 'Authentication required.');
    return user;
  }

  async function findSandboxCheckout(id: string): Promise<SandboxCheckout> {
    const checkout = await providers.sandbox.checkout(id);
    if (!checkout) throw new HttpError(404, 'This checkout does not exist.');
    return checkout;
  }

  /** `email`, when the body carries one, must be the account's. */
  const sameEmail = (user: User, email: string | undefined) => email === undefined || email === user.email;

  return {
    /** The paid plans, their prices and limits, and whether they are sold in `country`. */
    async plans(country: string | null): Promise<PlansResponse> {
      const rows = await plans.list();
      return {
        trial_days: FREE_TRIAL_DAYS,
        available: providers.forMarket(marketOf(country)) !== null,
        plans: rows.map((p) => ({
          id: p.id,
          name: p.name,
          india_plan_id: providers.planIdFor(p, 'india'),
          international_plan_id: providers.planIdFor(p, 'international'),
          price_inr: p.price_inr_paise / 100,
          list_price_inr: p.list_price_inr_paise / 100,
          price_usd: p.price_usd_cents / 100,
          list_price_usd: p.list_price_usd_cents / 100,
          limits: { faceGeneration: p.face_limit, imageGeneration: p.image_limit, videoGeneration: p.video_limit },
        })),
      };
    },

    /** Saves a billing address (`email` normalised, when given: 400 unless it is the account's). */
    async saveAddress(input: { userId: string; email: string | undefined; body: CreateBillingBody; country: string | null }): Promise<BillingAddress> {
      const user = await signedInUser(input.userId);
      if (!sameEmail(user, input.email)) throw new HttpError(400, 'The email does not match this account.', 'email');
      const fields = await validBilling(input.body, input.country);
      return addresses.add({ userId: user.id, email: user.email, ...fields, now: isoAt(deps.now()) });
    },

    /** The account's newest billing address (`email` normalised, when given: 403 unless it is the account's); 404 without one. */
    async newestAddress(userId: string, email: string | undefined): Promise<BillingAddress> {
      const user = await signedInUser(userId);
      if (!sameEmail(user, email)) throw new HttpError(403, 'Forbidden');
      const address = await addresses.newest(user.id);
      if (!address) throw new HttpError(404, 'No saved billing address.');
      return address;
    },

    /** The plan in force with the id `country`'s pricing cards carry, its period, what is left, a checkout under way. */
    async currentPlan(userId: string, country: string | null): Promise<CurrentPlanResponse> {
      const [summary, processing, hadTrial] = await Promise.all([
        deps.entitlements.summary(userId, isoAt(deps.now())),
        deps.subscriptions.processingPlan(userId),
        deps.grants.hasHadTrial(userId),
      ]);
      const market = marketOf(country);
      const plan = summary?.entitlement.plan;
      return {
        plan_id: plan ? (market === 'india' ? plan.provider_plan_id : plan.other_plan_id) : null,
        plan: plan?.id ?? null,
        plan_name: plan?.name ?? null,
        source: summary?.entitlement.source ?? null,
        period_start: summary?.entitlement.periodStart ?? null,
        period_end: summary?.entitlement.periodEnd ?? null,
        usage: summary?.usage ?? null,
        processing_plan: processing,
        trial_available: !hadTrial,
      };
    },

    /**
     * Starts a checkout with `market`'s provider for a visitor from `country`: refused when that
     * market sells nothing, when the visitor belongs to the other market, or before a billing address.
     */
    async startCheckout(input: { userId: string; planId: string; market: Market; country: string | null; origin: string }): Promise<CreateSubscriptionResponse> {
      const user = await signedInUser(input.userId);
      const visitorMarket = marketOf(input.country);
      if (!providers.forMarket(visitorMarket)) throw new HttpError(400, BILLING_MESSAGES.paidPlansUnavailable);
      if (visitorMarket !== input.market) throw new HttpError(400, WRONG_MARKET[input.market], 'plan_id');
      if (!(await addresses.newest(user.id))) throw new HttpError(400, 'Please save your billing address first.');
      return deps.subscriptions.startCheckout({ user, planId: input.planId, market: input.market, origin: input.origin });
    },

    /** The receipt of one of the user's subscriptions. */
    async details(userId: string, subscriptionId: string): Promise<SubscriptionDetails> {
      return deps.subscriptions.details(await signedInUser(userId), subscriptionId);
    },

    /** A sandbox checkout and the name of its plan (its id when the plan is gone); 404 for an unknown id. */
    async sandboxCheckout(id: string): Promise<{ checkout: SandboxCheckout; planName: string }> {
      const checkout = await findSandboxCheckout(id);
      const plan = await plans.findByAnyId(checkout.plan_id);
      return { checkout, planName: plan?.name ?? checkout.plan_id };
    },

    /** The buyer's decision on a sandbox checkout: the events to deliver to the webhook endpoint; 404 for an unknown id. */
    async decideSandboxCheckout(id: string, decision: 'approve' | 'decline', method: string): Promise<{ checkout: SandboxCheckout; deliveries: SandboxDelivery[] }> {
      const checkout = await findSandboxCheckout(id);
      return { checkout, deliveries: await providers.sandbox.decide(checkout.id, decision, method) };
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;
