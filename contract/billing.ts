import { Type, type Static } from 'typebox';
import { Email } from './auth.ts';

// Plans, billing address, subscriptions and the payment receipt (spec document 1 §2, §4, §7, §9).
// The phone and pincode rules both sides enforce are in billing-rules.ts.

const UserId = Type.String({ minLength: 1, maxLength: 64 });
const CountryCode = Type.String({ pattern: '^[A-Za-z]{2}$' });
/** Our plan slug or either provider's plan id, as the page sends it. */
const PlanId = Type.String({ minLength: 1, maxLength: 100 });
const SubscriptionId = Type.String({ minLength: 1, maxLength: 100 });
const Timestamp = Type.Union([Type.String(), Type.Null()]);

/** The billing fields of spec §3 (the format rules are checked by the handler, with the spec's messages). */
const BillingFields = {
  full_name: Type.String({ maxLength: 100 }),
  phone_number: Type.String({ maxLength: 20 }),
  address: Type.String({ maxLength: 300 }),
  city: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  pincode: Type.String({ maxLength: 10 }),
  country: Type.String({ maxLength: 2 }),
  state: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
};

/** POST /create_billing/ (the email is the account's: a different one is refused). */
export const CreateBillingBody = Type.Object({ user_id: UserId, email: Type.Optional(Email), ...BillingFields });
export type CreateBillingBody = Static<typeof CreateBillingBody>;

export const BillingAddress = Type.Object({
  email: Type.String(),
  full_name: Type.String(),
  phone_number: Type.String(),
  address: Type.String(),
  city: Type.Union([Type.String(), Type.Null()]),
  pincode: Type.String(),
  country: Type.String(),
  state: Type.Union([Type.String(), Type.Null()]),
});
export type BillingAddress = Static<typeof BillingAddress>;
export const CreateBillingResponse = Type.Object({ status: Type.Literal('success'), message: Type.String(), billing: BillingAddress });
export type CreateBillingResponse = Static<typeof CreateBillingResponse>;

/** POST /get_address_for_existing_subscriber: the newest saved address of the signed-in account. */
export const ExistingAddressBody = Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) });
export type ExistingAddressBody = Static<typeof ExistingAddressBody>;

/** POST /get_details_by_zip/ */
export const ZipLookupBody = Type.Object({ country_code: CountryCode, pincode: Type.String({ minLength: 1, maxLength: 10 }) });
export type ZipLookupBody = Static<typeof ZipLookupBody>;
export const ZipLookupResponse = Type.Object({ city: Type.String(), state: Type.String() });
export type ZipLookupResponse = Static<typeof ZipLookupResponse>;

export type UsageCategory = 'faces' | 'images' | 'videos';
const Allowance = Type.Object({ used: Type.Integer({ minimum: 0 }), limit: Type.Integer({ minimum: 0 }) });
export const Usage = Type.Object({ faces: Allowance, images: Allowance, videos: Allowance });
export type Usage = Static<typeof Usage>;

export const EntitlementSource = Type.Union([Type.Literal('subscription'), Type.Literal('trial'), Type.Literal('grant')]);
export type EntitlementSource = Static<typeof EntitlementSource>;

/** POST /get_current_plan/ */
export const CurrentPlanBody = Type.Object({ user_id: UserId });
export type CurrentPlanBody = Static<typeof CurrentPlanBody>;
export const CurrentPlanResponse = Type.Object({
  /** The id the pricing cards carry for the plan in force (India or international id), or null. */
  plan_id: Type.Union([Type.String(), Type.Null()]),
  /** Our plan slug: basic, advanced, premium. */
  plan: Type.Union([Type.String(), Type.Null()]),
  plan_name: Type.Union([Type.String(), Type.Null()]),
  source: Type.Union([EntitlementSource, Type.Null()]),
  period_start: Timestamp,
  period_end: Timestamp,
  usage: Type.Union([Usage, Type.Null()]),
  /** A checkout started in the last 30 minutes and not yet approved: its card reads 'Processing...'. */
  processing_plan: Type.Union([Type.String(), Type.Null()]),
  /** Whether the next checkout starts with the free trial (once per account). */
  trial_available: Type.Boolean(),
});
export type CurrentPlanResponse = Static<typeof CurrentPlanResponse>;

/** POST /subscription/ (India) and /paypal-subscription/ (other countries). */
export const CreateSubscriptionBody = Type.Object({ plan_id: PlanId, user_id: UserId });
export type CreateSubscriptionBody = Static<typeof CreateSubscriptionBody>;
export const CreateSubscriptionResponse = Type.Object({
  subscription_id: Type.String(),
  /** The payment link: open it in a new tab. */
  short_url: Type.String(),
  /** Days of free trial before the first charge (0 when the account had its trial). */
  trial_days: Type.Integer({ minimum: 0 }),
});
export type CreateSubscriptionResponse = Static<typeof CreateSubscriptionResponse>;

/** POST /fetch_sub_paypal_details/: the receipt, in the shape of spec §3 for every provider. */
export const SubscriptionDetailsBody = Type.Object({ subscription_id: SubscriptionId });
export type SubscriptionDetailsBody = Static<typeof SubscriptionDetailsBody>;
export const SubscriptionDetails = Type.Object({
  id: Type.String(),
  /** The provider's plan id. */
  plan_id: Type.String(),
  plan_name: Type.String(),
  provider: Type.String(),
  /** Provider-neutral: pending, trialing, active, past_due, halted, canceled, expired, declined. */
  status: Type.String(),
  /** The checkout succeeded: payment taken, or the card authorised for the trial. */
  paid: Type.Boolean(),
  start_time: Timestamp,
  create_time: Timestamp,
  trial_end: Timestamp,
  billing_info: Type.Object({
    last_payment: Type.Object({ amount: Type.Object({ value: Type.String(), currency_code: Type.String() }) }),
  }),
  /** Issue 45: with a free trial, the first charge (the plan's price) and when it is taken (trial_end); null without a trial. Optional: older servers omit it. */
  first_charge: Type.Optional(
    Type.Union([Type.Object({ amount: Type.Object({ value: Type.String(), currency_code: Type.String() }), at: Type.String({ format: 'date-time' }) }), Type.Null()]),
  ),
  subscriber: Type.Object({ email_address: Type.String(), name: Type.String(), tenant: Type.String() }),
  user_email: Type.String(),
  payment_method: Type.String(),
});
export type SubscriptionDetails = Static<typeof SubscriptionDetails>;

/** GET /api/plans: the paid plans (Enterprise is sold through the contact form). */
export const PlanSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  india_plan_id: Type.String(),
  international_plan_id: Type.String(),
  price_inr: Type.Number(),
  list_price_inr: Type.Number(),
  price_usd: Type.Number(),
  list_price_usd: Type.Number(),
  limits: Type.Object({ faceGeneration: Type.Integer(), imageGeneration: Type.Integer(), videoGeneration: Type.Integer() }),
});
export type PlanSummary = Static<typeof PlanSummary>;
export const PlansResponse = Type.Object({
  plans: Type.Array(PlanSummary),
  trial_days: Type.Integer(),
  /** Paid plans are sold to the caller's country (false: its market is switched off). */
  available: Type.Boolean(),
});
export type PlansResponse = Static<typeof PlansResponse>;
