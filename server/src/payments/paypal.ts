// PayPal subscriptions (every country but India) behind the PaymentProvider interface, over
// PayPal's REST API with plain fetch (paypal-api.ts). The official @paypal/paypal-server-sdk does
// not fit: its base URL is fixed to PayPal's production or sandbox host (tests could not point it at
// a local fake) and it has no webhook signature verification.
import { addMonths } from './money.ts';
import { paypalApi, type PaypalConfig, type PaypalErrorBody, type PaypalOptions } from './paypal-api.ts';
import { headerValue } from '../net/provider-http.ts';
import {
  PaymentProviderError, type CheckoutRequest, type CheckoutResult, type PaymentProvider, type ProviderSubscription, type SubscriptionEvent,
  type SubscriptionStatus, type WebhookRequest,
} from './types.ts';
import { isoAt, isoFromText } from '../time.ts';

export type { PaypalOptions } from './paypal-api.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BRAND_NAME = 'Persona Studio';

interface PaypalSubscription {
  id: string;
  plan_id: string;
  status: string;
  custom_id?: string;
  start_time?: string;
  create_time?: string;
  subscriber?: { email_address?: string; payer_id?: string; name?: { given_name?: string; surname?: string } };
  billing_info?: {
    last_payment?: { amount?: { value?: string; currency_code?: string }; time?: string };
    next_billing_time?: string;
    failed_payments_count?: number;
  };
  links?: { href: string; rel: string; method?: string }[];
}

interface PaypalSale {
  id: string;
  amount?: { total?: string; currency?: string };
  billing_agreement_id?: string;
  create_time?: string;
}

interface PaypalEvent {
  id: string;
  event_type: string;
  create_time: string;
  resource?: unknown;
}

/** Events whose resource is the subscription itself. */
const SUBSCRIPTION_EVENTS = new Set([
  'BILLING.SUBSCRIPTION.CREATED',
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
]);
const SALE_COMPLETED = 'PAYMENT.SALE.COMPLETED';
/** The PAYPAL-* delivery headers verify-webhook-signature takes, by its field names. */
const SIGNATURE_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/** The provider-neutral status; an ACTIVE subscription not yet charged is in its free trial. */
function statusOf(sub: PaypalSubscription): SubscriptionStatus | undefined {
  switch (sub.status) {
    case 'APPROVAL_PENDING':
    case 'APPROVED':
      return 'pending';
    case 'ACTIVE':
      return sub.billing_info?.last_payment ? 'active' : 'trialing';
    case 'SUSPENDED':
      return 'halted';
    case 'CANCELLED':
      return 'canceled';
    case 'EXPIRED':
      return 'expired';
    default:
      return undefined;
  }
}

const periodOf = (sub: PaypalSubscription) => ({ periodStart: isoFromText(sub.billing_info?.last_payment?.time), periodEnd: isoFromText(sub.billing_info?.next_billing_time) });

/** 'Maya Anne Rao' → given 'Maya Anne', surname 'Rao'; one word is a given name. */
function nameOf(full: string): { given_name: string; surname?: string } | undefined {
  const words = full.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  if (words.length === 1) return { given_name: words[0] };
  return { given_name: words.slice(0, -1).join(' '), surname: words[words.length - 1] };
}

export function createPaypalProvider(config: PaypalConfig, now: () => number = Date.now, options: PaypalOptions = {}): PaymentProvider {
  const api = paypalApi(config, now, options);
  const subscriptionPath = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;

  async function fetchSubscription(id: string): Promise<ProviderSubscription> {
    const sub = await api.call<PaypalSubscription>('GET', subscriptionPath(id));
    const status = statusOf(sub);
    if (!status) throw new PaymentProviderError(`PayPal reported an unknown subscription status: ${String(sub.status).slice(0, 40)}`, 'paypal');
    const lastPayment = sub.billing_info?.last_payment;
    const name = [sub.subscriber?.name?.given_name, sub.subscriber?.name?.surname].filter(Boolean).join(' ');
    return {
      id: sub.id,
      providerPlanId: sub.plan_id,
      status,
      providerStatus: sub.status,
      createTime: isoFromText(sub.create_time),
      startTime: isoFromText(sub.start_time),
      ...periodOf(sub),
      lastPayment: lastPayment?.amount?.value
        ? { value: lastPayment.amount.value, currency: lastPayment.amount.currency_code ?? 'USD', time: isoFromText(lastPayment.time) }
        : null,
      subscriber: { email: sub.subscriber?.email_address ?? null, name: name || null, payerId: sub.subscriber?.payer_id ?? null },
      paymentMethod: 'paypal',
    };
  }

  /** A completed sale of a subscription: a paid period that ends at the next billing time. */
  async function saleEvent(event: PaypalEvent, occurredAt: string): Promise<SubscriptionEvent[]> {
    const sale = event.resource as PaypalSale;
    if (typeof sale?.billing_agreement_id !== 'string' || typeof sale.amount?.total !== 'string') return [];
    const saleTime = isoFromText(sale.create_time) ?? occurredAt;
    let periodEnd: string | null = null;
    try {
      const current = await fetchSubscription(sale.billing_agreement_id);
      if (current.periodEnd && current.periodEnd > saleTime) periodEnd = current.periodEnd;
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
    }
    return [
      {
        eventId: event.id,
        type: event.event_type,
        occurredAt,
        providerSubscriptionId: sale.billing_agreement_id,
        status: 'active',
        periodStart: saleTime,
        // PayPal unreachable: a monthly plan's period, which the next sale or fetch corrects.
        periodEnd: periodEnd ?? isoAt(addMonths(Date.parse(saleTime), 1)),
        payment: { value: sale.amount.total, currency: sale.amount.currency ?? 'USD', id: sale.id, method: 'paypal' },
      },
    ];
  }

  return {
    name: 'paypal',

    async createSubscription(request: CheckoutRequest): Promise<CheckoutResult> {
      const name = nameOf(request.user.name);
      const body = {
        plan_id: request.providerPlanId,
        custom_id: request.subscriptionId,
        subscriber: { email_address: request.user.email, ...(name ? { name } : {}) },
        // The first charge waits for the trial's end; the buyer approves now.
        ...(request.trialDays > 0 ? { start_time: isoAt(request.now + request.trialDays * DAY_MS) } : {}),
        application_context: {
          brand_name: BRAND_NAME,
          user_action: 'SUBSCRIBE_NOW',
          shipping_preference: 'NO_SHIPPING',
          return_url: request.returnUrl,
          cancel_url: request.cancelUrl,
        },
      };
      // The request id makes a retried create return the subscription the first attempt made.
      const sub = await api.call<PaypalSubscription>('POST', '/v1/billing/subscriptions', { body, headers: { 'PayPal-Request-Id': request.subscriptionId } });
      const approve = sub?.links?.find((l) => l.rel === 'approve')?.href;
      if (typeof sub?.id !== 'string' || !approve) throw new PaymentProviderError('PayPal POST /v1/billing/subscriptions: answer without id or approve link', 'paypal');
      return { providerSubscriptionId: sub.id, paymentUrl: approve };
    },

    fetchSubscription,

    async cancelSubscription(id: string, { atPeriodEnd }: { atPeriodEnd: boolean }): Promise<void> {
      // PayPal cancels at once either way: the paid period is honoured by our billing code, not PayPal.
      const path = `${subscriptionPath(id)}/cancel`;
      const reason = atPeriodEnd ? 'Cancelled by the subscriber; no renewal.' : 'Cancelled by the subscriber.';
      const answer = await api.request('POST', path, { body: { reason } });
      if (answer.status >= 200 && answer.status < 300) return;
      // 422 SUBSCRIPTION_STATUS_INVALID: not cancellable now. Success when it has already ended.
      const issue = (answer.body as PaypalErrorBody | null)?.details?.[0]?.issue;
      if (answer.status === 422 && issue === 'SUBSCRIPTION_STATUS_INVALID') {
        const current = await api.call<PaypalSubscription>('GET', subscriptionPath(id)).catch(() => null);
        if (current?.status === 'CANCELLED' || current?.status === 'EXPIRED') return;
      }
      throw api.errorOf('POST', path, answer);
    },

    /**
     * Asks PayPal (verify-webhook-signature). That endpoint takes the event as JSON and checks the
     * signature against its own serialisation of it, as PayPal's docs and SDKs do: we send the raw
     * body parsed, never edited. A PayPal outage throws (the delivery is then retried); a bad or
     * missing signature answers false.
     */
    async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<boolean> {
      const fields: Record<string, string> = {};
      for (const [field, header] of Object.entries(SIGNATURE_HEADERS)) {
        const value = headerValue(headers, header);
        if (!value) return false;
        fields[field] = value;
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return false;
      }
      if (typeof event !== 'object' || event === null || Array.isArray(event)) return false;
      const answer = await api.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        body: { ...fields, webhook_id: config.webhookId, webhook_event: event },
      });
      return answer?.verification_status === 'SUCCESS';
    },

    async parseWebhook({ rawBody }: WebhookRequest): Promise<SubscriptionEvent[]> {
      const event = JSON.parse(rawBody.toString('utf8')) as PaypalEvent;
      if (typeof event.event_type !== 'string' || typeof event.id !== 'string') throw new TypeError('PayPal event without id or event_type');
      if (!SUBSCRIPTION_EVENTS.has(event.event_type) && event.event_type !== SALE_COMPLETED) return [];
      const occurredAt = isoFromText(event.create_time);
      if (!occurredAt) throw new TypeError('PayPal event without create_time');
      if (event.event_type === SALE_COMPLETED) return saleEvent(event, occurredAt);
      const sub = event.resource as PaypalSubscription;
      if (typeof sub?.id !== 'string') return [];
      const status = event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED' ? 'past_due' : statusOf(sub);
      return [
        {
          eventId: event.id,
          type: event.event_type,
          occurredAt,
          providerSubscriptionId: sub.id,
          ...(status ? { status } : {}),
          ...periodOf(sub),
        },
      ];
    },
  };
}
