import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaypalProvider } from '../../server/src/payments/paypal.ts';
import type { CheckoutRequest, PaymentProvider } from '../../server/src/payments/types.ts';
import { startFakePaypal, type FakePaypal } from './support/fake-paypal.ts';
import { checkoutRequest, rejection } from './support/payments.ts';
import { watchTimeouts } from './support/timeouts.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const SUBSCRIPTIONS = '/v1/billing/subscriptions';
const VERIFY = '/v1/notifications/verify-webhook-signature';

let fake: FakePaypal;
let provider: PaymentProvider;
/** The providers' clock (token expiry), moved by tests. */
let clock = Date.parse('2026-03-01T12:00:00.000Z');

beforeAll(async () => {
  fake = await startFakePaypal();
  provider = makeProvider();
});
afterAll(() => fake.close());

function makeProvider(overrides: { clientSecret?: string; webhookId?: string; apiUrl?: string; timeoutMs?: number } = {}): PaymentProvider {
  const config = {
    clientId: fake.clientId,
    clientSecret: overrides.clientSecret ?? fake.clientSecret,
    webhookId: overrides.webhookId ?? fake.webhookId,
    apiUrl: overrides.apiUrl ?? fake.url,
    planIds: {},
  };
  return createPaypalProvider(config, () => clock, { timeoutMs: overrides.timeoutMs ?? 5_000 });
}

function checkout(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return checkoutRequest({ providerPlanId: 'P-BASIC-USD', price: { value: '24.99', currency: 'USD' }, user: { id: 'user-maya', email: 'maya@example.com', name: 'Maya Rao' } }, overrides);
}

async function created(overrides: Partial<CheckoutRequest> = {}): Promise<string> {
  return (await provider.createSubscription(checkout(overrides))).providerSubscriptionId;
}

const requestsSince = (mark: number) => fake.requests.slice(mark).map((r) => `${r.method} ${r.path}`);

describe('createSubscription', () => {
  it('sends plan, our id, the subscriber and the return URLs, with our id as PayPal-Request-Id', async () => {
    const request = checkout();
    const mark = fake.requests.length;
    const result = await provider.createSubscription(request);

    const stored = fake.subscriptions.get(result.providerSubscriptionId)!;
    expect(result.paymentUrl).toBe(stored.links.find((l) => l.rel === 'approve')!.href);
    const sent = fake.requests.slice(mark).find((r) => r.path === SUBSCRIPTIONS)!;
    expect(sent.headers['paypal-request-id']).toBe(request.subscriptionId);
    expect(sent.headers.authorization).toMatch(/^Bearer A21AA/);
    expect(sent.body).toEqual({
      plan_id: 'P-BASIC-USD',
      custom_id: request.subscriptionId,
      subscriber: { email_address: 'maya@example.com', name: { given_name: 'Maya', surname: 'Rao' } },
      application_context: {
        brand_name: 'Persona Studio',
        user_action: 'SUBSCRIBE_NOW',
        shipping_preference: 'NO_SHIPPING',
        return_url: 'https://personastudio.test/paymentSuccess',
        cancel_url: 'https://personastudio.test/pricing',
      },
    });
  });

  it('starts billing after the trial (start_time)', async () => {
    const now = Date.now();
    const mark = fake.requests.length;
    const id = await created({ trialDays: 14, now, user: { id: 'u', email: 'cher@example.com', name: 'Cher' } });
    const body = fake.requests.slice(mark).find((r) => r.path === SUBSCRIPTIONS)!.body as { start_time: string; subscriber: unknown };
    expect(body.start_time).toBe(new Date(now + 14 * DAY_MS).toISOString());
    expect(body.subscriber).toEqual({ email_address: 'cher@example.com', name: { given_name: 'Cher' } });
    expect(fake.subscriptions.get(id)!.start_time).toBe(body.start_time);
  });

  it('a retried create (same subscription id) gets the same PayPal subscription', async () => {
    const request = checkout();
    const before = fake.subscriptions.size;
    const first = await provider.createSubscription(request);
    const again = await provider.createSubscription(request);
    expect(again.providerSubscriptionId).toBe(first.providerSubscriptionId);
    expect(fake.subscriptions.size).toBe(before + 1);
  });

  it('an answer without an approve link is an error', async () => {
    fake.omitApproveLink = true;
    try {
      const err = await rejection(provider.createSubscription(checkout()));
      expect(err.message).toBe('PayPal POST /v1/billing/subscriptions: answer without id or approve link');
    } finally {
      fake.omitApproveLink = false;
    }
  });

  it('an unknown plan is an error with PayPal\'s reason', async () => {
    const err = await rejection(provider.createSubscription(checkout({ providerPlanId: 'P-NOPE' })));
    expect(err.providerStatus).toBe(404);
    expect(err.message).toBe('PayPal POST /v1/billing/subscriptions: failed with 404 (RESOURCE_NOT_FOUND: INVALID_RESOURCE_ID: Requested resource ID was not found.)');
  });
});

describe('OAuth token', () => {
  it('asks for a client-credentials token with Basic auth', async () => {
    const mark = fake.requests.length;
    await makeProvider().fetchSubscription(await created());
    const tokenRequest = fake.requests.slice(mark).find((r) => r.path === '/v1/oauth2/token')!;
    expect(tokenRequest.headers.authorization).toBe(`Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`);
    expect(tokenRequest.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(tokenRequest.body).toBe('grant_type=client_credentials');
  });

  it('one token serves many calls, concurrent first calls included', async () => {
    const id = await created();
    const fresh = makeProvider();
    const before = fake.tokensIssued;
    await Promise.all(Array.from({ length: 5 }, () => fresh.fetchSubscription(id)));
    for (let i = 0; i < 5; i += 1) await fresh.fetchSubscription(id);
    expect(fake.tokensIssued - before).toBe(1);
  });

  it('a new token shortly before the old one expires', async () => {
    const id = await created();
    fake.tokenLifetimeS = 3_600;
    try {
      const fresh = makeProvider();
      const before = fake.tokensIssued;
      await fresh.fetchSubscription(id);
      clock += 3_500 * 1000; // before the last minute of the hour: still cached
      await fresh.fetchSubscription(id);
      expect(fake.tokensIssued - before).toBe(1);
      clock += 45 * 1000; // inside it: refreshed
      await fresh.fetchSubscription(id);
      expect(fake.tokensIssued - before).toBe(2);
    } finally {
      fake.tokenLifetimeS = 32_400;
    }
  });

  it('a 401 drops the token and retries once with a new one', async () => {
    const id = await created();
    await provider.fetchSubscription(id);
    fake.revokeTokens();
    const before = fake.tokensIssued;
    const mark = fake.requests.length;
    const sub = await provider.fetchSubscription(id);
    expect(sub.id).toBe(id);
    expect(fake.tokensIssued - before).toBe(1);
    expect(requestsSince(mark)).toEqual([`GET ${SUBSCRIPTIONS}/${id}`, 'POST /v1/oauth2/token', `GET ${SUBSCRIPTIONS}/${id}`]);
  });

  it('a second 401 is an error, not a loop', async () => {
    const id = await created();
    const path = `${SUBSCRIPTIONS}/${id}`;
    fake.fail({ status: 401, body: { error: 'invalid_token', error_description: 'Token signature verification failed' } }, { path, times: 2 });
    const mark = fake.requests.length;
    const err = await rejection(provider.fetchSubscription(id));
    expect(err.providerStatus).toBe(401);
    expect(requestsSince(mark).filter((r) => r === `GET ${path}`)).toHaveLength(2);
  });

  it('refused client credentials are an error without the secret', async () => {
    const wrong = 'EWRONG-secret-0123456789';
    const err = await rejection(makeProvider({ clientSecret: wrong }).fetchSubscription('I-ANY'));
    expect(err.providerStatus).toBe(401);
    expect(err.message).toBe('PayPal POST /v1/oauth2/token: failed with 401 (invalid_client: Client Authentication failed)');
  });
});

describe('fetchSubscription', () => {
  it('maps an active, paid subscription', async () => {
    const id = await created();
    fake.update(id, { create_time: '2026-03-01T10:00:00Z', start_time: '2026-03-01T10:00:00Z' });
    fake.activate(id, { at: '2026-03-01T10:05:00Z' });
    const payerId = fake.subscriptions.get(id)!.subscriber!.payer_id!;
    expect(await provider.fetchSubscription(id)).toEqual({
      id,
      providerPlanId: 'P-BASIC-USD',
      status: 'active',
      providerStatus: 'ACTIVE',
      createTime: '2026-03-01T10:00:00.000Z',
      startTime: '2026-03-01T10:00:00.000Z',
      periodStart: '2026-03-01T10:05:00.000Z',
      periodEnd: '2026-03-31T10:05:00.000Z',
      lastPayment: { value: '24.99', currency: 'USD', time: '2026-03-01T10:05:00.000Z' },
      subscriber: { email: 'maya@example.com', name: 'Maya Rao', payerId },
      paymentMethod: 'paypal',
    });
  });

  it('an active subscription not yet charged is in its trial', async () => {
    const id = await created({ trialDays: 7 });
    fake.activate(id, { trial: true });
    const sub = await provider.fetchSubscription(id);
    expect(sub.status).toBe('trialing');
    expect(sub.lastPayment).toBeNull();
    expect(sub.periodStart).toBeNull();
    expect(sub.periodEnd).toBe(new Date(fake.subscriptions.get(id)!.start_time).toISOString());
  });

  it.each([
    ['APPROVAL_PENDING', 'pending'],
    ['APPROVED', 'pending'],
    ['SUSPENDED', 'halted'],
    ['CANCELLED', 'canceled'],
    ['EXPIRED', 'expired'],
  ])('maps PayPal status %s to %s', async (paypalStatus, status) => {
    const id = await created();
    fake.update(id, { status: paypalStatus });
    const sub = await provider.fetchSubscription(id);
    expect([sub.status, sub.providerStatus]).toEqual([status, paypalStatus]);
  });

  it('refuses a status it does not know rather than guessing', async () => {
    const id = await created();
    fake.update(id, { status: 'ON_HOLD' });
    const err = await rejection(provider.fetchSubscription(id));
    expect(err.message).toContain('unknown subscription status: ON_HOLD');
  });

  it('an unknown id is a 404 error', async () => {
    const err = await rejection(provider.fetchSubscription('I-UNKNOWN'));
    expect(err.providerStatus).toBe(404);
  });
});

describe('cancelSubscription', () => {
  it.each([true, false])('cancels at once at PayPal (atPeriodEnd %s: the paid period is ours to honour)', async (atPeriodEnd) => {
    const id = await created();
    fake.activate(id);
    const mark = fake.requests.length;
    await provider.cancelSubscription(id, { atPeriodEnd });
    expect(requestsSince(mark)).toEqual([`POST ${SUBSCRIPTIONS}/${id}/cancel`]);
    expect((fake.requests[mark].body as { reason: string }).reason).toMatch(/^Cancelled by the subscriber/);
    expect(fake.subscriptions.get(id)!.status).toBe('CANCELLED');
  });

  it('an already cancelled subscription (422 SUBSCRIPTION_STATUS_INVALID) is a success', async () => {
    const id = await created();
    fake.activate(id);
    await provider.cancelSubscription(id, { atPeriodEnd: false });
    const mark = fake.requests.length;
    await expect(provider.cancelSubscription(id, { atPeriodEnd: false })).resolves.toBeUndefined();
    expect(requestsSince(mark)).toEqual([`POST ${SUBSCRIPTIONS}/${id}/cancel`, `GET ${SUBSCRIPTIONS}/${id}`]);
  });

  it('the same 422 for a subscription still awaiting approval stays an error', async () => {
    const id = await created();
    const err = await rejection(provider.cancelSubscription(id, { atPeriodEnd: false }));
    expect(err.providerStatus).toBe(422);
    expect(err.message).toContain('SUBSCRIPTION_STATUS_INVALID');
  });
});

describe('verifyWebhook', () => {
  let event: Record<string, unknown>;
  beforeAll(async () => {
    const id = await created();
    event = fake.event('BILLING.SUBSCRIPTION.ACTIVATED', fake.activate(id));
  });

  it('asks PayPal with the PAYPAL-* headers, our webhook id and the parsed event: SUCCESS is true', async () => {
    const delivery = fake.delivery(event);
    const mark = fake.requests.length;
    expect(await provider.verifyWebhook(delivery)).toBe(true);
    const sent = fake.requests.slice(mark).find((r) => r.path === VERIFY)!;
    expect(sent.body).toEqual({
      auth_algo: 'SHA256withRSA',
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: fake.webhookId,
      webhook_event: event,
    });
  });

  it('a signature made with another key is FAILURE: false', async () => {
    expect(await provider.verifyWebhook(fake.delivery(event, { secret: 'not-paypal' }))).toBe(false);
  });

  it('a delivery for another webhook id is false', async () => {
    expect(await makeProvider({ webhookId: 'WH-SOMEONE-ELSE' }).verifyWebhook(fake.delivery(event))).toBe(false);
  });

  it('a body changed by one byte is false', async () => {
    const delivery = fake.delivery(event);
    const text = delivery.rawBody.toString('utf8');
    const at = text.indexOf('"24.99"') + 5;
    expect(at).toBeGreaterThan(5);
    const changed = Buffer.from(`${text.slice(0, at)}8${text.slice(at + 1)}`);
    expect(changed.length).toBe(delivery.rawBody.length);
    expect(await provider.verifyWebhook({ ...delivery, rawBody: changed })).toBe(false);
    expect(await provider.verifyWebhook(delivery)).toBe(true);
  });

  it.each(['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'])(
    'without %s: false, without asking PayPal',
    async (header) => {
      const delivery = fake.delivery(event);
      const headers = { ...delivery.headers };
      delete headers[header];
      const mark = fake.requests.length;
      expect(await provider.verifyWebhook({ ...delivery, headers })).toBe(false);
      expect(requestsSince(mark)).toEqual([]);
    },
  );

  it('a body that is not JSON is false, without asking PayPal', async () => {
    const delivery = fake.delivery('{"id": "WH-1", ');
    const mark = fake.requests.length;
    expect(await provider.verifyWebhook(delivery)).toBe(false);
    expect(requestsSince(mark)).toEqual([]);
  });

  it('PayPal failing to answer is an error (the delivery is retried), not a false', async () => {
    fake.fail('status500', { path: VERIFY });
    const err = await rejection(provider.verifyWebhook(fake.delivery(event)));
    expect(err.providerStatus).toBe(500);
  });
});

describe('parseWebhook', () => {
  it('BILLING.SUBSCRIPTION.ACTIVATED: status and period from the subscription', async () => {
    const id = await created();
    const resource = fake.activate(id, { at: '2026-03-01T10:05:00Z' });
    const event = fake.event('BILLING.SUBSCRIPTION.ACTIVATED', resource, { id: 'WH-ACT-1', createTime: '2026-03-01T10:05:03Z' });
    expect(await provider.parseWebhook(fake.delivery(event))).toEqual([
      {
        eventId: 'WH-ACT-1',
        type: 'BILLING.SUBSCRIPTION.ACTIVATED',
        occurredAt: '2026-03-01T10:05:03.000Z',
        providerSubscriptionId: id,
        status: 'active',
        periodStart: '2026-03-01T10:05:00.000Z',
        periodEnd: '2026-03-31T10:05:00.000Z',
      },
    ]);
  });

  it.each([
    ['BILLING.SUBSCRIPTION.CANCELLED', 'CANCELLED', 'canceled'],
    ['BILLING.SUBSCRIPTION.SUSPENDED', 'SUSPENDED', 'halted'],
    ['BILLING.SUBSCRIPTION.PAYMENT.FAILED', 'ACTIVE', 'past_due'],
    ['BILLING.SUBSCRIPTION.EXPIRED', 'EXPIRED', 'expired'],
    ['BILLING.SUBSCRIPTION.CREATED', 'APPROVAL_PENDING', 'pending'],
  ])('%s (resource %s) → %s', async (type, paypalStatus, status) => {
    const id = await created();
    const resource = { ...fake.activate(id), status: paypalStatus };
    const [parsed] = await provider.parseWebhook(fake.delivery(fake.event(type, resource)));
    expect([parsed.type, parsed.providerSubscriptionId, parsed.status]).toEqual([type, id, status]);
    expect(parsed.payment).toBeUndefined();
  });

  it('PAYMENT.SALE.COMPLETED: the payment, active, and the period up to the next billing time', async () => {
    const id = await created();
    fake.activate(id, { at: '2026-03-01T10:05:00Z' });
    const sale = { id: '7RS12345AB678901C', state: 'completed', amount: { total: '24.99', currency: 'USD', details: { subtotal: '24.99' } }, billing_agreement_id: id, create_time: '2026-03-01T10:05:00Z' };
    const mark = fake.requests.length;
    const [parsed] = await provider.parseWebhook(fake.delivery(fake.event('PAYMENT.SALE.COMPLETED', sale, { id: 'WH-SALE-1', createTime: '2026-03-01T10:05:10Z' })));
    expect(parsed).toEqual({
      eventId: 'WH-SALE-1',
      type: 'PAYMENT.SALE.COMPLETED',
      occurredAt: '2026-03-01T10:05:10.000Z',
      providerSubscriptionId: id,
      status: 'active',
      periodStart: '2026-03-01T10:05:00.000Z',
      periodEnd: '2026-03-31T10:05:00.000Z',
      payment: { value: '24.99', currency: 'USD', id: '7RS12345AB678901C', method: 'paypal' },
    });
    expect(requestsSince(mark)).toContain(`GET ${SUBSCRIPTIONS}/${id}`);
  });

  it('PAYMENT.SALE.COMPLETED with PayPal unreachable: a month after the sale', async () => {
    const id = await created();
    fake.activate(id);
    fake.fail('status500', { path: `${SUBSCRIPTIONS}/${id}` });
    const sale = { id: 'SALE-2', amount: { total: '24.99', currency: 'USD' }, billing_agreement_id: id, create_time: '2026-01-31T08:00:00Z' };
    const [parsed] = await provider.parseWebhook(fake.delivery(fake.event('PAYMENT.SALE.COMPLETED', sale)));
    expect([parsed.periodStart, parsed.periodEnd]).toEqual(['2026-01-31T08:00:00.000Z', '2026-02-28T08:00:00.000Z']);
  });

  it('a sale of no subscription and unrelated events answer []', async () => {
    const oneOff = { id: 'SALE-3', amount: { total: '5.00', currency: 'USD' }, create_time: '2026-03-01T10:00:00Z' };
    expect(await provider.parseWebhook(fake.delivery(fake.event('PAYMENT.SALE.COMPLETED', oneOff)))).toEqual([]);
    expect(await provider.parseWebhook(fake.delivery(fake.event('CHECKOUT.ORDER.APPROVED', { id: 'ORDER-1' })))).toEqual([]);
    expect(await provider.parseWebhook(fake.delivery(fake.event('PAYMENT.SALE.REFUNDED', { id: 'REF-1', sale_id: 'SALE-1' })))).toEqual([]);
  });

  it('a body that is not JSON throws a SyntaxError (the route answers 400)', async () => {
    await expect(provider.parseWebhook(fake.delivery('{"event_type": '))).rejects.toBeInstanceOf(SyntaxError);
  });
});

describe('provider failures', () => {
  it('a 500 answer', async () => {
    fake.fail('status500', { path: SUBSCRIPTIONS });
    const err = await rejection(provider.createSubscription(checkout()));
    expect(err.providerStatus).toBe(500);
    expect(err.message).toBe('PayPal POST /v1/billing/subscriptions: failed with 500 (INTERNAL_SERVER_ERROR: INTERNAL_SERVICE_ERROR: An internal service error has occurred.)');
  });

  it('malformed JSON in a 200 answer', async () => {
    const id = await created();
    fake.fail('malformed', { path: `${SUBSCRIPTIONS}/${id}` });
    const err = await rejection(provider.fetchSubscription(id));
    expect(err.message).toBe(`PayPal GET ${SUBSCRIPTIONS}/${id}: answered 200 with malformed JSON`);
  });

  it('a token endpoint that never answers times out (time-out injected: 200 ms)', async () => {
    fake.fail('hang', { path: '/v1/oauth2/token' });
    const timeouts = watchTimeouts();
    const err = await rejection(makeProvider({ timeoutMs: 200 }).fetchSubscription('I-ANY')).finally(() => timeouts.restore());
    expect(err.message).toBe('PayPal POST /v1/oauth2/token: timed out after 200 ms');
    // The injected time-out is what ended the call: its signal fired (not an early give-up, not a hang).
    expect(timeouts.fired()).toEqual([200]);
  });

  it('an API that stalls in the middle of its answer times out', async () => {
    const quick = makeProvider({ timeoutMs: 200 });
    const id = await created();
    fake.fail('stall', { path: `${SUBSCRIPTIONS}/${id}` });
    const err = await rejection(quick.fetchSubscription(id));
    expect(err.message).toBe(`PayPal GET ${SUBSCRIPTIONS}/${id}: timed out after 200 ms`);
  });

  it('a failed token request is not cached: the next call asks again', async () => {
    const fresh = makeProvider();
    const id = await created();
    fake.fail('status500', { path: '/v1/oauth2/token' });
    await rejection(fresh.fetchSubscription(id));
    await expect(fresh.fetchSubscription(id)).resolves.toMatchObject({ id });
  });

  it('an unreachable API', async () => {
    const gone = await startFakePaypal();
    await gone.close();
    const err = await rejection(makeProvider({ apiUrl: gone.url }).fetchSubscription('I-ANY'));
    expect(err.message).toBe('PayPal POST /v1/oauth2/token: could not be reached (ECONNREFUSED)');
  });

  it('never puts a secret or token in an error message, even when PayPal echoes one', async () => {
    const id = await created();
    await provider.fetchSubscription(id);
    const token = fake.requests.at(-1)!.headers.authorization!.replace(/^Bearer /, '');
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    const echo = { name: 'INVALID_REQUEST', message: 'bad', details: [{ issue: 'ECHO', description: `token ${token} secret ${fake.clientSecret} basic ${basic}` }] };
    const messages: string[] = [];
    const collect = async (promise: Promise<unknown>) => messages.push((await rejection(promise)).message);
    fake.fail({ status: 400, body: echo }, { path: `${SUBSCRIPTIONS}/${id}` });
    await collect(provider.fetchSubscription(id));
    fake.fail({ status: 401, body: { error: 'invalid_client', error_description: `secret ${fake.clientSecret}` } }, { path: '/v1/oauth2/token' });
    await collect(makeProvider().fetchSubscription(id));
    fake.fail('status500', { path: SUBSCRIPTIONS });
    await collect(provider.createSubscription(checkout()));
    fake.fail('hang', { path: `${SUBSCRIPTIONS}/${id}` });
    await collect(makeProvider({ timeoutMs: 100 }).fetchSubscription(id));

    expect(messages).toHaveLength(4);
    expect(messages[0]).toBe(`PayPal GET ${SUBSCRIPTIONS}/${id}: failed with 400 (INVALID_REQUEST: ECHO: token [redacted] secret [redacted] basic [redacted])`);
    expect(messages[1]).toBe('PayPal POST /v1/oauth2/token: failed with 401 (invalid_client: secret [redacted])');
    for (const message of messages) {
      for (const secret of [token, fake.clientSecret, basic]) expect(message).not.toContain(secret);
    }
  });
});
