import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import '../db/billing-schema.ts';
import type { SandboxSubscriptionsTable } from '../db/billing-schema.ts';
import type { Db } from '../db/index.ts';
import { sandboxSubscriptionsRepository } from '../db/repositories/sandbox-subscriptions.ts';
import { addMonths, fromMinor, toMinor } from './money.ts';
import type {
  CheckoutRequest, CheckoutResult, PaymentProvider, ProviderSubscription, SubscriptionEvent, SubscriptionStatus, WebhookRequest,
} from './types.ts';
import { isoAt } from '../time.ts';

// The embedded payment provider: no network, its own books (sandbox_subscriptions), its own
// checkout page (routes/sandbox), and signed events delivered through the same webhook path the
// real providers use. It behaves like Razorpay: approval authorises the card and, when the
// checkout has a trial, the first charge waits until the trial ends; renewDue() then charges.

const SIGNATURE_HEADER = 'x-sandbox-signature';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A signed delivery for /api/webhooks/sandbox. */
export interface SandboxDelivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

interface SandboxEventBody {
  id: string;
  event: 'subscription.authenticated' | 'subscription.charged' | 'subscription.declined' | 'subscription.cancelled';
  created_at: string;
  subscription: { id: string; status: string; current_start: string | null; current_end: string | null };
  payment?: { id: string; amount: string; currency: string; method: string };
}

const STATUS: Record<string, SubscriptionStatus> = {
  created: 'pending',
  authenticated: 'trialing',
  active: 'active',
  declined: 'declined',
  cancelled: 'canceled',
};

export type SandboxCheckout = Pick<SandboxSubscriptionsTable, 'id' | 'status' | 'amount_minor' | 'currency' | 'trial_days' | 'customer_email' | 'plan_id' | 'return_url'>;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The checkout a page shows, or undefined for an unknown id. */
  checkout(id: string): Promise<SandboxCheckout | undefined>;
  /** The buyer's decision on the checkout page: the events it causes ([] when already decided). */
  decide(id: string, decision: 'approve' | 'decline', method: string): Promise<SandboxDelivery[]>;
  /** Charges every trial or period that has ended: the renewals a real provider would make. */
  renewDue(): Promise<SandboxDelivery[]>;
}

export function createSandboxProvider(deps: { db: Db; secret: string; now: () => number }): SandboxProvider {
  const { db, now } = deps;
  /** Events made outside a request that delivers them (cancellations); renewDue() hands them over. */
  const pendingDeliveries: SandboxDelivery[] = [];

  const sign = (body: Buffer) => createHmac('sha256', deps.secret).update(body).digest('hex');

  function delivery(row: SandboxSubscriptionsTable, event: SandboxEventBody['event'], payment?: SandboxEventBody['payment']): SandboxDelivery {
    const body: SandboxEventBody = {
      id: `evt_sbx_${randomUUID()}`,
      event,
      created_at: isoAt(now()),
      subscription: { id: row.id, status: row.status, current_start: row.current_start, current_end: row.current_end },
      ...(payment ? { payment } : {}),
    };
    const rawBody = Buffer.from(JSON.stringify(body));
    return { rawBody, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(rawBody) } };
  }

  const books = sandboxSubscriptionsRepository(db);
  const find = (id: string): Promise<SandboxSubscriptionsTable | undefined> => books.byId(id);

  /**
   * Moves `row` on, only if nobody moved it since it was read: every API process sweeps renewals,
   * and two sweeps (or two clicks on Approve) must not charge one period twice.
   */
  function advance(row: SandboxSubscriptionsTable, next: Partial<SandboxSubscriptionsTable>): Promise<boolean> {
    return books.updateIfUnchanged(row, next);
  }

  /** Charges one period starting at `startMs` and answers the charged event (null: another process charged it). */
  async function charge(row: SandboxSubscriptionsTable, startMs: number, method: string): Promise<SandboxDelivery | null> {
    const next = { status: 'active', current_start: isoAt(startMs), current_end: isoAt(addMonths(startMs, 1)), last_payment_at: isoAt(now()), payment_method: method, updated_at: isoAt(now()) };
    if (!(await advance(row, next))) return null;
    const payment = { id: `pay_sbx_${randomBytes(8).toString('hex')}`, amount: fromMinor(row.amount_minor), currency: row.currency, method };
    return delivery({ ...row, ...next }, 'subscription.charged', payment);
  }

  return {
    name: 'sandbox',

    async createSubscription(request: CheckoutRequest): Promise<CheckoutResult> {
      const id = `sbx_sub_${randomBytes(12).toString('hex')}`;
      await books.add({
        id,
        plan_id: request.providerPlanId,
        reference: request.subscriptionId,
        status: 'created',
        amount_minor: toMinor(request.price.value),
        currency: request.price.currency,
        trial_days: request.trialDays,
        customer_email: request.user.email,
        customer_name: request.user.name,
        payment_method: null,
        start_at: request.trialDays > 0 ? isoAt(request.now + request.trialDays * DAY_MS) : null,
        current_start: null,
        current_end: null,
        last_payment_at: null,
        return_url: request.returnUrl,
        created_at: isoAt(now()),
        updated_at: isoAt(now()),
      });
      return { providerSubscriptionId: id, paymentUrl: `/api/sandbox/checkout/${id}` };
    },

    async fetchSubscription(id: string): Promise<ProviderSubscription> {
      const row = await find(id);
      if (!row) throw new Error(`sandbox: no subscription ${id}`);
      return {
        id: row.id,
        providerPlanId: row.plan_id,
        status: STATUS[row.status] ?? 'pending',
        providerStatus: row.status,
        createTime: row.created_at,
        startTime: row.start_at ?? row.current_start,
        periodStart: row.current_start,
        periodEnd: row.current_end,
        lastPayment: row.last_payment_at ? { value: fromMinor(row.amount_minor), currency: row.currency, time: row.last_payment_at } : null,
        subscriber: { email: row.customer_email, name: row.customer_name, payerId: null },
        paymentMethod: row.payment_method,
      };
    },

    async cancelSubscription(id: string, { atPeriodEnd }: { atPeriodEnd: boolean }): Promise<void> {
      const row = await find(id);
      if (!row || row.status === 'cancelled' || row.status === 'declined') return;
      const current_end = atPeriodEnd ? row.current_end : row.current_end && isoAt(now());
      await books.update(id, { status: 'cancelled', current_end, updated_at: isoAt(now()) });
      // Like a provider's webhook: the cancellation reaches us as an event too.
      pendingDeliveries.push(delivery({ ...row, status: 'cancelled', current_end }, 'subscription.cancelled'));
    },

    async verifyWebhook({ rawBody, headers }: WebhookRequest): Promise<boolean> {
      const given = headers[SIGNATURE_HEADER];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
      return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(sign(rawBody), 'hex'));
    },

    async parseWebhook({ rawBody }: WebhookRequest): Promise<SubscriptionEvent[]> {
      const body = JSON.parse(rawBody.toString('utf8')) as SandboxEventBody;
      const { subscription: sub, payment } = body;
      return [
        {
          eventId: body.id,
          type: body.event,
          occurredAt: body.created_at,
          providerSubscriptionId: sub.id,
          status: STATUS[sub.status] ?? 'pending',
          periodStart: sub.current_start,
          periodEnd: sub.current_end,
          ...(payment ? { payment: { value: payment.amount, currency: payment.currency, id: payment.id, method: payment.method } } : {}),
        },
      ];
    },

    checkout: (id) => find(id),

    async decide(id, decision, method) {
      const row = await find(id);
      if (!row || row.status !== 'created') return [];
      if (decision === 'decline') {
        if (!(await advance(row, { status: 'declined', updated_at: isoAt(now()) }))) return [];
        return [delivery({ ...row, status: 'declined' }, 'subscription.declined')];
      }
      if (row.trial_days > 0) {
        if (!(await advance(row, { status: 'authenticated', payment_method: method, updated_at: isoAt(now()) }))) return [];
        return [delivery({ ...row, status: 'authenticated' }, 'subscription.authenticated')];
      }
      const charged = await charge(row, now(), method);
      return charged ? [charged] : [];
    },

    async renewDue() {
      const at = isoAt(now());
      const due = await books.dueAt(at);
      const deliveries = pendingDeliveries.splice(0);
      for (let row of due) {
        // One charge per period missed, oldest first, as a provider retrying its schedule would.
        let start = Date.parse((row.status === 'authenticated' ? row.start_at : row.current_end)!);
        while (start <= now()) {
          const charged = await charge(row, start, row.payment_method ?? 'card');
          if (!charged) break;
          deliveries.push(charged);
          row = (await find(row.id))!;
          start = Date.parse(row.current_end!);
        }
      }
      return deliveries;
    },
  };
}
