// Razorpay subscriptions (India plans) behind the PaymentProvider interface, over Razorpay's
// documented REST API with plain fetch (razorpay-api.ts). The official `razorpay` SDK does not fit:
// its host is fixed to https://api.razorpay.com (tests could not point it at a local fake), it has
// no time-out, and it pulls in axios. Amounts are in paise, times in unix seconds.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromMinor } from './money.ts';
import { headerValue } from '../net/provider-http.ts';
import {
  razorpayApi, type RazorpayCollection, type RazorpayConfig, type RazorpayInvoice, type RazorpayOptions, type RazorpayPayment,
  type RazorpaySubscription,
} from './razorpay-api.ts';
import {
  PaymentProviderError, type CheckoutRequest, type CheckoutResult, type PaymentProvider, type ProviderSubscription, type SubscriptionEvent,
  type SubscriptionStatus, type WebhookRequest,
} from './types.ts';
import { isoAt } from '../time.ts';

export type { RazorpayOptions } from './razorpay-api.ts';

/** Monthly for ten years: Razorpay requires a count of billing cycles. */
const TOTAL_COUNT = 120;
const DAY_S = 24 * 60 * 60;
const SIGNATURE_HEADER = 'x-razorpay-signature';
const EVENT_ID_HEADER = 'x-razorpay-event-id';

const STATUS: Record<string, SubscriptionStatus> = {
  created: 'pending',
  authenticated: 'trialing',
  active: 'active',
  pending: 'past_due',
  halted: 'halted',
  paused: 'halted',
  cancelled: 'canceled',
  completed: 'expired',
  expired: 'expired',
};
/** Statuses a cancel call refuses because there is nothing left to cancel. */
const ENDED = ['cancelled', 'completed', 'expired'];

interface RazorpayEvent {
  entity: 'event';
  event: string;
  contains?: string[];
  payload: { subscription?: { entity: RazorpaySubscription }; payment?: { entity: RazorpayPayment } };
  created_at: number;
}

const isoOf = (seconds: number | null | undefined): string | null => (typeof seconds === 'number' ? isoAt(seconds * 1000) : null);

export function createRazorpayProvider(config: RazorpayConfig, options: RazorpayOptions = {}): PaymentProvider {
  const call = razorpayApi(config, options);
  const sign = (body: Buffer) => createHmac('sha256', config.webhookSecret).update(body).digest();

  async function fetchSubscription(id: string): Promise<ProviderSubscription> {
    const path = encodeURIComponent(id);
    const sub = await call<RazorpaySubscription>('GET', `/subscriptions/${path}`);
    const status = STATUS[sub.status];
    if (!status) throw new PaymentProviderError(`Razorpay reported an unknown subscription status: ${String(sub.status).slice(0, 40)}`, 'razorpay');
    // The subscription entity carries neither payments nor the customer: its invoices do
    // (documented: GET /invoices?subscription_id=), and the paid invoice's payment has the method.
    const invoices = (await call<RazorpayCollection<RazorpayInvoice>>('GET', `/invoices?subscription_id=${path}`)).items ?? [];
    const newestFirst = [...invoices].sort((a, b) => (b.paid_at ?? b.created_at ?? 0) - (a.paid_at ?? a.created_at ?? 0));
    const paid = newestFirst.find((i) => i.status === 'paid' && typeof i.amount_paid === 'number');
    const customer = (paid ?? newestFirst.find((i) => i.customer_details))?.customer_details ?? null;
    const payment = paid?.payment_id ? await call<RazorpayPayment>('GET', `/payments/${encodeURIComponent(paid.payment_id)}`) : null;
    return {
      id: sub.id,
      providerPlanId: sub.plan_id,
      status,
      providerStatus: sub.status,
      createTime: isoOf(sub.created_at),
      startTime: isoOf(sub.start_at) ?? isoOf(sub.current_start),
      periodStart: isoOf(sub.current_start),
      periodEnd: isoOf(sub.current_end),
      lastPayment: paid ? { value: fromMinor(paid.amount_paid!), currency: paid.currency ?? 'INR', time: isoOf(paid.paid_at) } : null,
      subscriber: { email: customer?.email ?? null, name: customer?.name ?? null, payerId: sub.customer_id ?? paid?.customer_id ?? null },
      paymentMethod: payment?.method ?? null,
    };
  }

  return {
    name: 'razorpay',

    async createSubscription(request: CheckoutRequest): Promise<CheckoutResult> {
      const body = {
        plan_id: request.providerPlanId,
        total_count: TOTAL_COUNT,
        quantity: 1,
        customer_notify: 1,
        notes: { subscription_id: request.subscriptionId, user_id: request.user.id },
        // The first charge waits for the trial's end; the buyer only authorises now.
        ...(request.trialDays > 0 ? { start_at: Math.floor(request.now / 1000) + request.trialDays * DAY_S } : {}),
      };
      const sub = await call<RazorpaySubscription>('POST', '/subscriptions', body);
      if (typeof sub?.id !== 'string' || typeof sub.short_url !== 'string') {
        throw new PaymentProviderError('Razorpay POST /subscriptions: answer without id or short_url', 'razorpay');
      }
      return { providerSubscriptionId: sub.id, paymentUrl: sub.short_url };
    },

    fetchSubscription,

    async cancelSubscription(id: string, { atPeriodEnd }: { atPeriodEnd: boolean }): Promise<void> {
      try {
        await call('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, { cancel_at_cycle_end: atPeriodEnd ? 1 : 0 });
      } catch (err) {
        // Razorpay answers 400 for a subscription that has already ended: nothing left to stop.
        if (!(err instanceof PaymentProviderError) || err.providerStatus !== 400) throw err;
        const current = await call<RazorpaySubscription>('GET', `/subscriptions/${encodeURIComponent(id)}`).catch(() => null);
        if (!current || !ENDED.includes(current.status)) throw err;
      }
    },

    async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<boolean> {
      const given = headerValue(headers, SIGNATURE_HEADER);
      if (given === undefined || !/^[0-9a-f]{64}$/i.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, 'hex'), sign(rawBody));
    },

    async parseWebhook({ rawBody, headers }: WebhookRequest): Promise<SubscriptionEvent[]> {
      const body = JSON.parse(rawBody.toString('utf8')) as RazorpayEvent;
      // payment.* events repeat what subscription.charged reports and name no subscription.
      if (typeof body.event !== 'string' || !body.event.startsWith('subscription.')) return [];
      const sub = body.payload?.subscription?.entity;
      if (typeof sub?.id !== 'string') return [];
      const occurredAt = isoOf(body.created_at);
      if (!occurredAt) throw new TypeError('Razorpay event without created_at');
      const payment = body.payload.payment?.entity;
      const status = STATUS[sub.status];
      // Razorpay sends the event's id in a header, which its signature does not cover: the event is
      // also known by what the signed body says (a replay under a new header is the same event).
      const contentKey = `content:${body.event}:${sub.id}:${body.created_at}`;
      return [
        {
          eventId: headerValue(headers, EVENT_ID_HEADER) ?? contentKey,
          contentKey,
          type: body.event,
          occurredAt,
          providerSubscriptionId: sub.id,
          ...(status ? { status } : {}),
          periodStart: isoOf(sub.current_start),
          periodEnd: isoOf(sub.current_end),
          ...(body.event === 'subscription.charged' && payment?.status === 'captured' && typeof payment.amount === 'number'
            ? { payment: { value: fromMinor(payment.amount), currency: payment.currency, id: payment.id, method: payment.method ?? null } }
            : {}),
        },
      ];
    },
  };
}
