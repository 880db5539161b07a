// The app with Razorpay and PayPal (local fakes, ./support/fake-*.ts): what a provider failure
// looks like to the caller and to the log, and Razorpay deliveries applied once by what they carry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApp, type AccountsApp } from './support/accounts.ts';
import { captureLogger } from './support/app.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { startFakePaypal, type FakePaypal } from './support/fake-paypal.ts';
import { startFakeRazorpay, type FakeRazorpay } from './support/fake-razorpay.ts';

const US_IP = '8.8.8.8';
const INDIA_ADDRESS = { full_name: 'Asha Verma', phone_number: '9876543210', address: '12 Relief Road', city: '', pincode: '380001', country: 'IN', state: '' };
/** Words of the providers' own answers below: none may reach a caller. */
const PROVIDER_TEXT = /acc_PRIVATE|merchant|debug|PayPal|Razorpay|invalid_client|VALIDATION_ERROR/i;

let razorpay: FakeRazorpay;
let paypal: FakePaypal;
beforeAll(async () => {
  [razorpay, paypal] = await Promise.all([startFakeRazorpay(), startFakePaypal()]);
});
afterAll(async () => {
  await Promise.all([razorpay.close(), paypal.close()]);
});

const providerEnv = (): NodeJS.ProcessEnv => ({
  COUNTRY_OVERRIDE: 'IN',
  PAYMENTS_INDIA: 'razorpay',
  RAZORPAY_KEY_ID: razorpay.keyId,
  RAZORPAY_KEY_SECRET: razorpay.keySecret,
  RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
  RAZORPAY_API_URL: razorpay.url,
  PAYMENTS_INTERNATIONAL: 'paypal',
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
  PAYPAL_API_URL: paypal.url,
});

/** A signed-in buyer in India with a saved address. */
async function buyer(t: AccountsApp, email: string) {
  const s = await t.signUp(email);
  const userId = s.profile.user_id;
  const res = await t.post('/api/create_billing/', { user_id: userId, ...INDIA_ADDRESS }, s.access);
  expect(res.statusCode, res.body).toBe(201);
  return { access: s.access, userId };
}

const webhook = (t: AccountsApp, provider: string, delivery: { rawBody: Buffer; headers: Record<string, string> }) =>
  t.app.inject({ method: 'POST', url: `/api/webhooks/${provider}`, payload: delivery.rawBody, headers: delivery.headers, remoteAddress: US_IP });

describe('provider failures', () => {
  const database = useTestDatabase('sqlite');

  it('a Razorpay refusal of the checkout reaches the buyer as our message; Razorpay\'s text stays in the log', async () => {
    const { logger, lines } = captureLogger();
    const t = await accountsApp(database.current, providerEnv(), { logger });
    const b = await buyer(t, 'asha@example.com');
    razorpay.fail({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Plan is inactive for merchant acc_PRIVATE123' } } }, { path: '/subscriptions' });
    const res = await t.post('/api/subscription/', { plan_id: 'plan_basic_inr', user_id: b.userId }, b.access);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ error: 'The payment provider could not start the checkout. Please try again.' });
    expect(res.body).not.toMatch(PROVIDER_TEXT);
    expect(JSON.stringify(lines)).toContain('Plan is inactive for merchant acc_PRIVATE123');
    expect(await t.app.db.selectFrom('subscriptions').select('id').execute()).toEqual([]);
    await t.app.close();
  });

  it.each([
    ['PayPal refuses the verification call', '/v1/notifications/verify-webhook-signature', { status: 400, body: { name: 'VALIDATION_ERROR', message: 'Invalid request', debug_id: 'debug123', details: [{ issue: 'INVALID_PARAMETER', description: 'webhook_id is not for merchant acc_PRIVATE9' }] } }, 'webhook_id is not for merchant acc_PRIVATE9'],
    ['PayPal refuses our credentials', '/v1/oauth2/token', { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed for merchant acc_PRIVATE7' } }, 'Client Authentication failed for merchant acc_PRIVATE7'],
  ])('a webhook while %s: 502 with our message (PayPal delivers it again), PayPal\'s text only in the log', async (_case, path, answer, logged) => {
    const { logger, lines } = captureLogger();
    const t = await accountsApp(database.current, providerEnv(), { logger });
    paypal.fail(answer, { path });
    const delivery = paypal.delivery(paypal.event('BILLING.SUBSCRIPTION.ACTIVATED', { id: 'I-UNKNOWN', status: 'ACTIVE', plan_id: 'P-BASIC-USD' }));
    const res = await webhook(t, 'paypal', delivery);
    expect([res.statusCode, res.json()]).toEqual([502, { error: 'The payment provider could not be reached. Please try again later.' }]);
    expect(res.body).not.toMatch(PROVIDER_TEXT);
    expect(JSON.stringify(lines)).toContain(logged);
    // The same delivery once PayPal answers again: verified and taken (about no subscription of ours).
    expect((await webhook(t, 'paypal', delivery)).json()).toEqual({ received: true, applied: 0 });
    await t.app.close();
  });
});

describe.each(engines)('Razorpay deliveries on %s', (engine) => {
  const database = useTestDatabase(engine);

  async function razorpayCheckout(t: AccountsApp): Promise<string> {
    const b = await buyer(t, 'asha@example.com');
    const res = await t.post('/api/subscription/', { plan_id: 'plan_basic_inr', user_id: b.userId }, b.access);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().subscription_id;
  }

  it('the same event under another X-Razorpay-Event-Id (the header is not signed) is applied once', async () => {
    const t = await accountsApp(database.current, providerEnv());
    const id = await razorpayCheckout(t);
    razorpay.charge(id, { at: 1_767_225_600 });
    const charged = razorpay.delivery('subscription.charged', id, { eventId: 'evt_first', createdAt: 1_767_225_605 });
    expect((await webhook(t, 'razorpay', charged)).json()).toEqual({ received: true, applied: 1 });
    // Replayed with a header of its own choosing, or none: the body is the same event.
    for (const headers of [{ ...charged.headers, 'x-razorpay-event-id': 'evt_replayed' }, Object.fromEntries(Object.entries(charged.headers).filter(([k]) => k !== 'x-razorpay-event-id'))]) {
      expect((await webhook(t, 'razorpay', { rawBody: charged.rawBody, headers })).json()).toEqual({ received: true, applied: 0 });
    }
    // Nothing of the refused replays is kept (its id's row is undone with it).
    expect(await t.app.db.selectFrom('payment_events').select('id').where('event_id', '=', 'evt_replayed').execute()).toEqual([]);
    // The same kind of event about the same subscription at another time is another event.
    const renewed = razorpay.delivery('subscription.charged', id, { eventId: 'evt_second', createdAt: 1_769_904_005 });
    expect((await webhook(t, 'razorpay', renewed)).json()).toEqual({ received: true, applied: 1 });
    // Each event is one entry of the user's history.
    const history = await t.app.db.selectFrom('payment_events').select('type').where('provider', '=', 'razorpay').where('user_id', 'is not', null).execute();
    expect(history).toEqual([{ type: 'subscription.charged' }, { type: 'subscription.charged' }]);
    await t.app.close();
  });

  it('a new event replayed under an applied event\'s id is refused without being marked seen', async () => {
    const t = await accountsApp(database.current, providerEnv());
    const id = await razorpayCheckout(t);
    const first = razorpay.delivery('subscription.authenticated', id, { eventId: 'evt_one', createdAt: 1_767_225_605 });
    expect((await webhook(t, 'razorpay', first)).json().applied).toBe(1);
    const other = razorpay.delivery('subscription.activated', id, { eventId: 'evt_one', createdAt: 1_767_225_700 });
    expect((await webhook(t, 'razorpay', other)).json().applied).toBe(0);
    // Razorpay's own delivery of that event, with its own id, still counts.
    const genuine = { rawBody: other.rawBody, headers: { ...other.headers, 'x-razorpay-event-id': 'evt_two' } };
    expect((await webhook(t, 'razorpay', genuine)).json().applied).toBe(1);
    await t.app.close();
  });
});
