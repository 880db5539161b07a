import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRazorpayProvider } from '../../server/src/payments/razorpay.ts';
import type { CheckoutRequest, PaymentProvider } from '../../server/src/payments/types.ts';
import { startFakeRazorpay, type FakeRazorpay } from './support/fake-razorpay.ts';
import { checkoutRequest, rejection } from './support/payments.ts';
import { watchTimeouts } from './support/timeouts.ts';

const DAY_S = 24 * 60 * 60;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

let fake: FakeRazorpay;
let provider: PaymentProvider;

beforeAll(async () => {
  fake = await startFakeRazorpay();
  provider = makeProvider();
});
afterAll(() => fake.close());

function makeProvider(overrides: { keySecret?: string; apiUrl?: string; timeoutMs?: number } = {}): PaymentProvider {
  const config = { keyId: fake.keyId, keySecret: overrides.keySecret ?? fake.keySecret, webhookSecret: fake.webhookSecret, apiUrl: overrides.apiUrl ?? fake.url, planIds: {} };
  return createRazorpayProvider(config, { timeoutMs: overrides.timeoutMs ?? 5_000 });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return checkoutRequest({ providerPlanId: 'plan_basic_inr', price: { value: '1999.00', currency: 'INR' }, user: { id: 'user-asha', email: 'asha@example.in', name: 'Asha Verma' } }, overrides);
}

/** A new subscription at the fake, through the adapter. */
async function created(overrides: Partial<CheckoutRequest> = {}): Promise<string> {
  return (await provider.createSubscription(checkout(overrides))).providerSubscriptionId;
}

const requestsSince = (mark: number) => fake.requests.slice(mark).map((r) => `${r.method} ${r.path}${Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : ''}`);

describe('createSubscription', () => {
  it('creates a 120-cycle subscription carrying our ids and answers its short_url', async () => {
    const request = checkout();
    const mark = fake.requests.length;
    const result = await provider.createSubscription(request);

    const stored = fake.subscriptions.get(result.providerSubscriptionId)!;
    expect(stored.status).toBe('created');
    expect(result.paymentUrl).toBe(stored.short_url);
    const sent = fake.requests[mark];
    expect(`${sent.method} ${sent.path}`).toBe('POST /subscriptions');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`);
    expect(sent.body).toEqual({
      plan_id: 'plan_basic_inr',
      total_count: 120,
      quantity: 1,
      customer_notify: 1,
      notes: { subscription_id: request.subscriptionId, user_id: 'user-asha' },
    });
  });

  it('starts the first charge after the trial (start_at in unix seconds)', async () => {
    const now = Date.now();
    const mark = fake.requests.length;
    const id = await created({ trialDays: 7, now });
    const body = fake.requests[mark].body as { start_at: number };
    expect(body.start_at).toBe(Math.floor(now / 1000) + 7 * DAY_S);
    expect(fake.subscriptions.get(id)!.start_at).toBe(body.start_at);
  });

  it('reports an unknown plan as a PaymentProviderError with Razorpay\'s reason', async () => {
    const err = await rejection(provider.createSubscription(checkout({ providerPlanId: 'plan_missing' })));
    expect(err.providerStatus).toBe(400);
    expect(err.provider).toBe('razorpay');
    expect(err.message).toBe('Razorpay POST /subscriptions: failed with 400 (BAD_REQUEST_ERROR: The id provided does not exist)');
  });

  it('reports refused credentials as a 401 without the secret', async () => {
    const wrongSecret = 'wrong_secret_0123456789';
    const err = await rejection(makeProvider({ keySecret: wrongSecret }).createSubscription(checkout()));
    expect(err.providerStatus).toBe(401);
    expect(err.message).toContain('The api key provided is invalid');
    expect(err.message).not.toContain(wrongSecret);
  });
});

describe('fetchSubscription', () => {
  it('maps a new subscription: pending, no payment, no subscriber yet', async () => {
    const id = await created();
    const mark = fake.requests.length;
    const sub = await provider.fetchSubscription(id);
    expect(sub).toEqual({
      id,
      providerPlanId: 'plan_basic_inr',
      status: 'pending',
      providerStatus: 'created',
      createTime: iso(fake.subscriptions.get(id)!.created_at),
      startTime: null,
      periodStart: null,
      periodEnd: null,
      lastPayment: null,
      subscriber: { email: null, name: null, payerId: null },
      paymentMethod: null,
    });
    // Only documented endpoints: the subscription, then its invoices; no payment to look up yet.
    expect(requestsSince(mark)).toEqual([`GET /subscriptions/${id}`, `GET /invoices?subscription_id=${id}`]);
  });

  it('reads the last payment, the customer and the method from the paid invoice and its payment', async () => {
    const id = await created();
    const first = fake.charge(id, { at: 1_767_225_600, method: 'card' });
    const second = fake.charge(id, { at: 1_769_904_000, method: 'upi', customer: { name: 'Asha V.', email: 'asha.v@example.in' } });
    const mark = fake.requests.length;
    const sub = await provider.fetchSubscription(id);

    expect(sub.status).toBe('active');
    expect(sub.providerStatus).toBe('active');
    expect(sub.periodStart).toBe('2026-02-01T00:00:00.000Z');
    expect(sub.periodEnd).toBe(iso(1_769_904_000 + 30 * DAY_S));
    expect(sub.lastPayment).toEqual({ value: '1999.00', currency: 'INR', time: '2026-02-01T00:00:00.000Z' });
    expect(sub.subscriber).toEqual({ email: 'asha.v@example.in', name: 'Asha V.', payerId: first.invoice.customer_id });
    expect(sub.paymentMethod).toBe('upi');
    expect(requestsSince(mark)).toContain(`GET /payments/${second.payment.id}`);
  });

  it('a newer invoice still unpaid (a renewal being retried) is not the last payment', async () => {
    const id = await created();
    const { invoice, payment } = fake.charge(id, { at: 1_767_225_600, method: 'card' });
    fake.invoices.push({ ...invoice, id: 'inv_unpaid_renewal', status: 'issued', amount_paid: 0, amount_due: invoice.amount, payment_id: null, paid_at: null, created_at: 1_769_904_000 });
    fake.update(id, { status: 'pending' });
    const sub = await provider.fetchSubscription(id);
    expect(sub.status).toBe('past_due');
    expect(sub.lastPayment).toEqual({ value: '1999.00', currency: 'INR', time: '2026-01-01T00:00:00.000Z' });
    expect(sub.paymentMethod).toBe(payment.method);
  });

  it.each([
    ['created', 'pending'],
    ['authenticated', 'trialing'],
    ['active', 'active'],
    ['pending', 'past_due'],
    ['halted', 'halted'],
    ['paused', 'halted'],
    ['cancelled', 'canceled'],
    ['completed', 'expired'],
    ['expired', 'expired'],
  ])('maps Razorpay status %s to %s', async (razorpayStatus, status) => {
    const id = await created();
    fake.update(id, { status: razorpayStatus, current_start: 1_767_225_600, current_end: 1_769_904_000 });
    const sub = await provider.fetchSubscription(id);
    expect(sub.status).toBe(status);
    expect(sub.providerStatus).toBe(razorpayStatus);
    expect([sub.periodStart, sub.periodEnd]).toEqual(['2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z']);
  });

  it('refuses a status it does not know rather than guessing', async () => {
    const id = await created();
    fake.update(id, { status: 'frozen' });
    const err = await rejection(provider.fetchSubscription(id));
    expect(err.message).toContain('unknown subscription status: frozen');
  });

  it('reports an unknown id as a PaymentProviderError', async () => {
    const err = await rejection(provider.fetchSubscription('sub_doesnotexist'));
    expect(err.providerStatus).toBe(400);
    expect(err.message).toContain('GET /subscriptions/sub_doesnotexist');
  });
});

describe('cancelSubscription', () => {
  it('at the cycle end: asks Razorpay to stop renewing and keeps the subscription active', async () => {
    const id = await created();
    fake.charge(id);
    const mark = fake.requests.length;
    await provider.cancelSubscription(id, { atPeriodEnd: true });
    expect(requestsSince(mark)).toEqual([`POST /subscriptions/${id}/cancel`]);
    expect(fake.requests[mark].body).toEqual({ cancel_at_cycle_end: 1 });
    expect(fake.subscriptions.get(id)!).toMatchObject({ status: 'active', has_scheduled_changes: true });
  });

  it('now: cancels at once', async () => {
    const id = await created();
    fake.charge(id);
    const mark = fake.requests.length;
    await provider.cancelSubscription(id, { atPeriodEnd: false });
    expect(fake.requests[mark].body).toEqual({ cancel_at_cycle_end: 0 });
    expect(fake.subscriptions.get(id)!.status).toBe('cancelled');
  });

  it('an already cancelled subscription is a success (Razorpay\'s 400 is checked against its status)', async () => {
    const id = await created();
    fake.update(id, { status: 'cancelled' });
    const mark = fake.requests.length;
    await expect(provider.cancelSubscription(id, { atPeriodEnd: false })).resolves.toBeUndefined();
    expect(requestsSince(mark)).toEqual([`POST /subscriptions/${id}/cancel`, `GET /subscriptions/${id}`]);
  });

  it('other refusals stay errors', async () => {
    const err = await rejection(provider.cancelSubscription('sub_doesnotexist', { atPeriodEnd: false }));
    expect(err.providerStatus).toBe(400);
    expect(err.message).toContain('The id provided does not exist');
  });
});

describe('verifyWebhook', () => {
  let id: string;
  beforeAll(async () => {
    id = await created();
  });

  it('accepts a delivery signed with the webhook secret', async () => {
    expect(await provider.verifyWebhook(fake.delivery('subscription.activated', id))).toBe(true);
  });

  it('accepts the header whatever its case', async () => {
    const { rawBody, headers } = fake.delivery('subscription.activated', id);
    expect(await provider.verifyWebhook({ rawBody, headers: { 'X-Razorpay-Signature': headers['x-razorpay-signature'] } })).toBe(true);
  });

  it('refuses a delivery signed with another secret', async () => {
    expect(await provider.verifyWebhook(fake.delivery('subscription.activated', id, { secret: 'some_other_secret' }))).toBe(false);
  });

  it('refuses a body changed by one byte', async () => {
    const delivery = fake.delivery('subscription.charged', id);
    const changed = Buffer.from(delivery.rawBody);
    changed[changed.length - 2] ^= 1;
    expect(await provider.verifyWebhook({ ...delivery, rawBody: changed })).toBe(false);
    expect(await provider.verifyWebhook(delivery)).toBe(true);
  });

  it('refuses a missing, repeated, short or non-hex signature header', async () => {
    const { rawBody, headers } = fake.delivery('subscription.activated', id);
    const good = headers['x-razorpay-signature'];
    expect(await provider.verifyWebhook({ rawBody, headers: {} })).toBe(false);
    expect(await provider.verifyWebhook({ rawBody, headers: { 'x-razorpay-signature': [good, good] } })).toBe(false);
    expect(await provider.verifyWebhook({ rawBody, headers: { 'x-razorpay-signature': good.slice(0, 62) } })).toBe(false);
    expect(await provider.verifyWebhook({ rawBody, headers: { 'x-razorpay-signature': `${good.slice(0, 62)}zz` } })).toBe(false);
  });
});

describe('parseWebhook', () => {
  it('subscription.activated: status and period, no payment', async () => {
    const id = await created();
    fake.update(id, { status: 'active', current_start: 1_767_225_600, current_end: 1_769_904_000 });
    const delivery = fake.delivery('subscription.activated', id, { eventId: 'evt_activated_1', createdAt: 1_767_225_605 });
    expect(await provider.parseWebhook(delivery)).toEqual([
      {
        eventId: 'evt_activated_1',
        contentKey: `content:subscription.activated:${id}:1767225605`,
        type: 'subscription.activated',
        occurredAt: '2026-01-01T00:00:05.000Z',
        providerSubscriptionId: id,
        status: 'active',
        periodStart: '2026-01-01T00:00:00.000Z',
        periodEnd: '2026-02-01T00:00:00.000Z',
      },
    ]);
  });

  it('subscription.authenticated (trial) and subscription.pending map to trialing and past_due', async () => {
    const id = await created({ trialDays: 7 });
    fake.update(id, { status: 'authenticated' });
    const [authenticated] = await provider.parseWebhook(fake.delivery('subscription.authenticated', id));
    expect(authenticated).toMatchObject({ status: 'trialing', periodStart: null, periodEnd: null });
    fake.update(id, { status: 'pending' });
    const [pending] = await provider.parseWebhook(fake.delivery('subscription.pending', id));
    expect(pending.status).toBe('past_due');
  });

  it('subscription.charged with a captured payment reports the payment in rupees', async () => {
    const id = await created();
    const { payment } = fake.charge(id, { at: 1_767_225_600, method: 'upi' });
    const [event] = await provider.parseWebhook(fake.delivery('subscription.charged', id, { payment }));
    expect(event).toMatchObject({
      type: 'subscription.charged',
      status: 'active',
      periodStart: '2026-01-01T00:00:00.000Z',
      periodEnd: iso(1_767_225_600 + 30 * DAY_S),
      payment: { value: '1999.00', currency: 'INR', id: payment.id, method: 'upi' },
    });
  });

  it('a payment that is not captured is not reported as one', async () => {
    const id = await created();
    const { payment } = fake.charge(id);
    const [event] = await provider.parseWebhook(fake.delivery('subscription.charged', id, { payment: { ...payment, status: 'authorized' } }));
    expect(event.payment).toBeUndefined();
  });

  it('subscription.cancelled and subscription.halted', async () => {
    const id = await created();
    fake.charge(id);
    fake.update(id, { status: 'halted' });
    const [halted] = await provider.parseWebhook(fake.delivery('subscription.halted', id));
    expect([halted.type, halted.status]).toEqual(['subscription.halted', 'halted']);
    fake.update(id, { status: 'cancelled' });
    const [cancelled] = await provider.parseWebhook(fake.delivery('subscription.cancelled', id));
    expect([cancelled.type, cancelled.status, cancelled.providerSubscriptionId]).toEqual(['subscription.cancelled', 'canceled', id]);
  });

  it('the content key is the event, the subscription and the time: the same for a redelivery, whatever its header', async () => {
    const id = await created();
    const delivery = fake.delivery('subscription.activated', id, { eventId: 'evt_a', createdAt: 1_767_225_605 });
    const expected = `content:subscription.activated:${id}:1767225605`;
    const [first] = await provider.parseWebhook(delivery);
    const [again] = await provider.parseWebhook({ rawBody: Buffer.from(delivery.rawBody), headers: { ...delivery.headers, 'x-razorpay-event-id': 'evt_b' } });
    expect([first.eventId, first.contentKey]).toEqual(['evt_a', expected]);
    expect([again.eventId, again.contentKey]).toEqual(['evt_b', expected]);
    // Without X-Razorpay-Event-Id the content key is the event id too.
    const [bare] = await provider.parseWebhook(fake.delivery('subscription.activated', id, { eventId: null, createdAt: 1_767_225_605 }));
    expect([bare.eventId, bare.contentKey]).toEqual([expected, expected]);
    const [later] = await provider.parseWebhook(fake.delivery('subscription.activated', id, { createdAt: 1_767_225_606 }));
    expect(later.contentKey).toBe(`content:subscription.activated:${id}:1767225606`);
  });

  it('payment.* and other events answer no subscription change', async () => {
    const id = await created();
    const { payment } = fake.charge(id);
    const paymentEvent = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } }, created_at: 1_767_225_600 });
    const orderEvent = JSON.stringify({ entity: 'event', event: 'order.paid', contains: ['order'], payload: { order: { entity: { id: 'order_1' } } }, created_at: 1_767_225_600 });
    expect(await provider.parseWebhook(fake.sign(paymentEvent))).toEqual([]);
    expect(await provider.parseWebhook(fake.sign(orderEvent))).toEqual([]);
  });

  it('a body that is not JSON throws a SyntaxError (the route answers 400)', async () => {
    await expect(provider.parseWebhook(fake.sign('{"event": "subscription.'))).rejects.toBeInstanceOf(SyntaxError);
  });
});

describe('provider failures', () => {
  it('a 500 answer', async () => {
    fake.fail('status500', { path: '/subscriptions' });
    const err = await rejection(provider.createSubscription(checkout()));
    expect(err.providerStatus).toBe(500);
    expect(err.message).toBe('Razorpay POST /subscriptions: failed with 500 (SERVER_ERROR: The server encountered an error. The incident has been reported to admins.)');
  });

  it('malformed JSON in a 200 answer', async () => {
    const id = await created();
    fake.fail('malformed', { path: `/subscriptions/${id}` });
    const err = await rejection(provider.fetchSubscription(id));
    expect(err.message).toBe(`Razorpay GET /subscriptions/${id}: answered 200 with malformed JSON`);
  });

  it('a server that never answers times out (time-out injected: 200 ms)', async () => {
    const quick = makeProvider({ timeoutMs: 200 });
    fake.fail('hang', { path: '/subscriptions' });
    const timeouts = watchTimeouts();
    const err = await rejection(quick.createSubscription(checkout())).finally(() => timeouts.restore());
    expect(err.message).toBe('Razorpay POST /subscriptions: timed out after 200 ms');
    expect(err.providerStatus).toBeNull();
    // The injected time-out is what ended the call: its signal fired (not an early give-up, not a hang).
    expect(timeouts.fired()).toEqual([200]);
  });

  it('a server that stalls in the middle of its answer times out too', async () => {
    const quick = makeProvider({ timeoutMs: 200 });
    const id = await created();
    fake.fail('stall', { path: `/subscriptions/${id}` });
    const err = await rejection(quick.fetchSubscription(id));
    expect(err.message).toBe(`Razorpay GET /subscriptions/${id}: timed out after 200 ms`);
  });

  it('an unreachable API', async () => {
    const gone = await startFakeRazorpay();
    await gone.close();
    const err = await rejection(makeProvider({ apiUrl: gone.url }).fetchSubscription('sub_x'));
    expect(err.message).toBe('Razorpay GET /subscriptions/sub_x: could not be reached (ECONNREFUSED)');
  });

  it('never puts a secret in an error message, even when Razorpay echoes one', async () => {
    const basic = Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64');
    const echo = { error: { code: 'BAD_REQUEST_ERROR', description: `key ${fake.keySecret} auth Basic ${basic} hook ${fake.webhookSecret}` } };
    const messages: string[] = [];
    const collect = async (promise: Promise<unknown>) => messages.push((await rejection(promise)).message);
    fake.fail({ status: 400, body: echo }, { path: '/subscriptions' });
    await collect(provider.createSubscription(checkout()));
    fake.fail('status500', { path: '/subscriptions' });
    await collect(provider.createSubscription(checkout()));
    fake.fail('malformed', { path: '/subscriptions' });
    await collect(provider.createSubscription(checkout()));
    fake.fail('hang', { path: '/subscriptions' });
    await collect(makeProvider({ timeoutMs: 100 }).createSubscription(checkout()));
    await collect(makeProvider({ keySecret: 'not_the_secret_4567' }).fetchSubscription('sub_x'));

    expect(messages).toHaveLength(5);
    expect(messages[0]).toBe('Razorpay POST /subscriptions: failed with 400 (BAD_REQUEST_ERROR: key [redacted] auth Basic [redacted] hook [redacted])');
    for (const message of messages) {
      for (const secret of [fake.keySecret, fake.webhookSecret, basic, 'not_the_secret_4567']) expect(message).not.toContain(secret);
    }
  });
});
