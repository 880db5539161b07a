// One interface for every payment provider (sandbox, Razorpay, PayPal). Billing code speaks only
// this; each adapter maps its provider's objects and events to these provider-neutral shapes.

export type ProviderName = 'sandbox' | 'razorpay' | 'paypal';

/**
 * Provider-neutral subscription status.
 * pending: created, waiting for the buyer; trialing: approved, first charge after the free trial;
 * active: paid for the current period; past_due: a renewal failed and is being retried;
 * halted: retries gave up or the provider suspended it; canceled: no renewal (the paid period
 * still counts); expired: ran its course; declined: the buyer refused or the first payment failed.
 */
export type SubscriptionStatus = 'pending' | 'trialing' | 'active' | 'past_due' | 'halted' | 'canceled' | 'expired' | 'declined';

export interface CheckoutRequest {
  /** Our subscriptions row id: providers that carry a reference (notes, custom_id) get it. */
  subscriptionId: string;
  /** The plan's id at this provider. */
  providerPlanId: string;
  plan: { id: string; name: string };
  /** What one period costs, as a decimal string in the provider's currency ('1999.00', '24.99'). Real providers take it from their own plan; the sandbox charges it. */
  price: { value: string; currency: string };
  user: { id: string; email: string; name: string };
  /** Days before the first charge (free trial); 0 charges at once. */
  trialDays: number;
  /** Absolute URLs the provider sends the buyer to after approving or cancelling. */
  returnUrl: string;
  cancelUrl: string;
  /** Now, in ms (the app's clock). */
  now: number;
}

export interface CheckoutResult {
  providerSubscriptionId: string;
  /** Where the buyer approves and pays (Razorpay short_url, PayPal approve link, our sandbox page). */
  paymentUrl: string;
}

/** A subscription as the provider reports it now. Times are ISO 8601 strings. */
export interface ProviderSubscription {
  id: string;
  providerPlanId: string;
  status: SubscriptionStatus;
  /** The provider's own status word, for logs and support. */
  providerStatus: string;
  createTime: string | null;
  startTime: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  /** The last successful charge; null before the first (trial). value is a decimal string, e.g. '24.99'. */
  lastPayment: { value: string; currency: string; time: string | null } | null;
  subscriber: { email: string | null; name: string | null; payerId: string | null };
  /** e.g. 'card', 'upi', 'paypal'; null when unknown. */
  paymentMethod: string | null;
}

/** One change a verified webhook delivery reports about a subscription. */
export interface SubscriptionEvent {
  /** Unique per provider: a redelivery carries the same id and is applied once. */
  eventId: string;
  /**
   * A second key, made of what the signed body carries (event, entity id, time), for providers whose
   * event id travels outside the signature (Razorpay's header): a delivery that matches an applied
   * event by either key is that event again.
   */
  contentKey?: string;
  /** The provider's event name, e.g. subscription.charged, BILLING.SUBSCRIPTION.ACTIVATED. */
  type: string;
  /** When the provider created the event (ISO): older events never undo newer ones. */
  occurredAt: string;
  providerSubscriptionId: string;
  /** The status the event puts the subscription in, when it says. */
  status?: SubscriptionStatus;
  /** The paid period the event reports, when it says. */
  periodStart?: string | null;
  periodEnd?: string | null;
  /** A successful charge. */
  payment?: { value: string; currency: string; id?: string; method?: string | null };
}

export interface WebhookRequest {
  /** The body exactly as received: signatures are over these bytes. */
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createSubscription(request: CheckoutRequest): Promise<CheckoutResult>;
  fetchSubscription(providerSubscriptionId: string): Promise<ProviderSubscription>;
  /** atPeriodEnd: stop renewing but keep the paid period; otherwise end it now. */
  cancelSubscription(providerSubscriptionId: string, options: { atPeriodEnd: boolean }): Promise<void>;
  /** Whether a delivery's signature verifies over its exact bytes. Never throws for a bad signature. */
  verifyWebhook(request: WebhookRequest): Promise<boolean>;
  /** The subscription changes in a verified delivery; [] for events that are not about one. */
  parseWebhook(request: WebhookRequest): Promise<SubscriptionEvent[]>;
}

/**
 * A provider call failed (network, time-out, an error answer). `providerStatus` is the provider's
 * HTTP status: not `status`, which the error handler would take for ours. The message is for the
 * log only; callers get one of PROVIDER_FAILED's.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly provider: ProviderName,
    readonly providerStatus: number | null = null,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** What a caller is told when a provider call failed (the provider's own words go to the log). */
export const PROVIDER_FAILED = {
  checkout: 'The payment provider could not start the checkout. Please try again.',
  webhook: 'The payment provider could not be reached. Please try again later.',
} as const;

/** Each provider call gives up after this long. */
export const PROVIDER_TIMEOUT_MS = 15_000;
