import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../../server/src/admin.ts';
import { renewSandboxSubscriptions } from '../../server/src/routes/billing/sandbox-checkout.ts';
import { sandboxWebhookSecret } from '../../server/src/payments/index.ts';
import { readOutbox } from '../../server/src/mail/mailer.ts';
import { accountsApp, type AccountsApp } from './support/accounts.ts';
import { engines, useTestDatabase } from './support/db.ts';

const DAY = 24 * 3600_000;
const US_IP = '8.8.8.8';

const INDIA_ADDRESS = { full_name: 'Asha Verma', phone_number: '9876543210', address: '12 Relief Road', city: '', pincode: '380001', country: 'IN', state: '' };
const US_ADDRESS = { full_name: 'Sam Lee', phone_number: '13105550100', address: '9 Rodeo Drive', city: '', pincode: '90210', country: 'US', state: '' };

interface Session {
  access: string;
  userId: string;
  email: string;
}

async function signedIn(t: AccountsApp, email: string): Promise<Session> {
  const s = await t.signUp(email);
  return { access: s.access, userId: s.profile.user_id, email };
}

/** Signs in again after the clock moved past the access token's lifetime (the test moves days at a time). */
async function relogin(t: AccountsApp, s: Session): Promise<void> {
  const res = await t.post('/api/manual_login/', { email: s.email, password: 'secret-pass' });
  expect(res.statusCode, res.body).toBe(200);
  s.access = res.json().access;
}

/** A POST from `ip` (the country comes from the request address, never from the body). */
function postFrom(t: AccountsApp, ip: string, url: string, payload: object, token?: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

/** Billing address, checkout and the sandbox page's decision: answers the provider subscription id. */
async function checkout(t: AccountsApp, s: Session, plan: string, opts: { ip?: string; decision?: 'approve' | 'decline' } = {}): Promise<string> {
  const ip = opts.ip ?? '127.0.0.1';
  const india = ip === '127.0.0.1';
  let res = await postFrom(t, ip, '/api/create_billing/', { user_id: s.userId, email: s.email, ...(india ? INDIA_ADDRESS : US_ADDRESS) }, s.access);
  expect(res.statusCode, res.body).toBe(201);
  res = await postFrom(t, ip, india ? '/api/subscription/' : '/api/paypal-subscription/', { plan_id: plan, user_id: s.userId }, s.access);
  expect(res.statusCode, res.body).toBe(200);
  const { subscription_id, short_url } = res.json();
  expect(short_url).toBe(`/api/sandbox/checkout/${subscription_id}`);
  res = await t.app.inject({ method: 'POST', url: short_url, payload: `decision=${opts.decision ?? 'approve'}&method=upi`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(res.statusCode, res.body).toBe(303);
  expect(res.headers.location).toBe(`/paymentSuccess?subscription_id=${subscription_id}`);
  return subscription_id;
}

/** A signed sandbox delivery, as the sandbox provider makes them. */
function sandboxDelivery(t: AccountsApp, body: object) {
  const rawBody = JSON.stringify(body);
  const signature = createHmac('sha256', sandboxWebhookSecret(t.config.jwtSecret)).update(rawBody).digest('hex');
  return { method: 'POST' as const, url: '/api/webhooks/sandbox', payload: rawBody, headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature } };
}

async function addSucceededJobs(t: AccountsApp, userId: string, kind: string, count: number) {
  const at = new Date(t.clock.now()).toISOString();
  for (let i = 0; i < count; i += 1) {
    await t.app.db.insertInto('jobs').values({ id: randomUUID(), user_id: userId, kind, status: 'succeeded', input: '{}', created_at: at, finished_at: at, updated_at: at }).execute();
  }
}

describe.each(engines)('billing on %s', (engine) => {
  const database = useTestDatabase(engine);
  const india = (t?: NodeJS.ProcessEnv) => accountsApp(database.current, { COUNTRY_OVERRIDE: 'IN', ...t });

  it('India: billing address, sandbox checkout with the free trial, receipt, entitlement and track status', async () => {
    const t = await india();
    const s = await signedIn(t, 'asha@example.com');
    let res = await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access);
    expect(res.json()).toMatchObject({ plan: null, source: null, usage: null, processing_plan: null, trial_available: true });
    await expect(t.app.billing.entitlements.assertMayStart(s.userId, 'face', new Date(t.clock.now()).toISOString())).rejects.toMatchObject({ statusCode: 403, message: 'Subscription required.' });

    res = await t.post('/api/get_details_by_zip/', { country_code: 'IN', pincode: '380001' }, s.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ city: 'Ahmedabad', state: 'Gujarat' });

    res = await postFrom(t, '127.0.0.1', '/api/create_billing/', { user_id: s.userId, email: s.email, ...INDIA_ADDRESS }, s.access);
    expect(res.statusCode, res.body).toBe(201);
    // City and state come from the postal data, whatever the form sent.
    expect(res.json().billing).toMatchObject({ city: 'Ahmedabad', state: 'Gujarat', country: 'IN', email: s.email });
    res = await t.post('/api/get_address_for_existing_subscriber', { email: s.email }, s.access);
    expect(res.json()).toMatchObject({ full_name: 'Asha Verma', pincode: '380001', city: 'Ahmedabad' });

    res = await t.post('/api/subscription/', { plan_id: 'plan_advanced_inr', user_id: s.userId }, s.access);
    expect(res.statusCode, res.body).toBe(200);
    const { subscription_id, short_url, trial_days } = res.json();
    expect(trial_days).toBe(7);
    expect((await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json().processing_plan).toBe('advanced');

    const page = await t.app.inject({ method: 'GET', url: short_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Advanced plan');
    expect(page.body).toContain('₹1999.00');
    expect(page.body).toContain('7-day free trial. Nothing is charged today.');
    expect(page.body).not.toMatch(/<script/i);

    res = await t.app.inject({ method: 'POST', url: short_url, payload: 'decision=approve&method=upi', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/paymentSuccess?subscription_id=${subscription_id}`);

    res = await t.post('/api/fetch_sub_paypal_details/', { subscription_id }, s.access);
    expect(res.statusCode, res.body).toBe(200);
    const receipt = res.json();
    expect(receipt).toMatchObject({ id: subscription_id, plan_id: 'plan_advanced_inr', plan_name: 'Advanced', provider: 'sandbox', status: 'trialing', paid: true, user_email: s.email, payment_method: 'upi' });
    expect(receipt.billing_info.last_payment.amount).toEqual({ value: '0.00', currency_code: 'INR' });
    expect(Date.parse(receipt.trial_end) - t.clock.now()).toBe(7 * DAY);
    // Issue 45: what is charged after the trial, and when: the plan's price on the day the trial ends.
    expect(receipt.first_charge).toEqual({ amount: { value: '1999.00', currency_code: 'INR' }, at: receipt.trial_end });

    res = await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access);
    expect(res.json()).toMatchObject({
      plan: 'advanced', plan_id: 'plan_advanced_inr', plan_name: 'Advanced', source: 'trial', processing_plan: null, trial_available: false,
      usage: { faces: { used: 0, limit: 5 }, images: { used: 0, limit: 35 }, videos: { used: 0, limit: 10 } },
    });
    res = await t.post('/api/get_profiles/', { user_id: s.userId }, s.access);
    expect(res.json().track_status.days_left).toBe(7);

    const mails = (await readOutbox(t.config.outboxDir)).filter((m) => m.to === s.email && /receipt/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Payment received!');
    expect(mails[0]!.text).toContain(subscription_id);

    // Another user cannot read this receipt.
    const other = await signedIn(t, 'other@example.com');
    expect((await t.post('/api/fetch_sub_paypal_details/', { subscription_id }, other.access)).statusCode).toBe(404);
    await t.app.close();
  });

  it('the trial is given once per user; later checkouts are charged at once', async () => {
    const t = await india();
    const s = await signedIn(t, 'once@example.com');
    await checkout(t, s, 'plan_basic_inr');
    const res = await t.post('/api/subscription/', { plan_id: 'plan_premium_inr', user_id: s.userId }, s.access);
    expect(res.json().trial_days).toBe(0);
    await t.app.inject({ method: 'POST', url: res.json().short_url, payload: 'decision=approve', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const plan = (await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json();
    expect(plan).toMatchObject({ plan: 'premium', source: 'subscription' });
    const receipt = (await t.post('/api/fetch_sub_paypal_details/', { subscription_id: res.json().subscription_id }, s.access)).json();
    expect(receipt).toMatchObject({ status: 'active', paid: true, trial_end: null, first_charge: null });
    expect(receipt.billing_info.last_payment.amount).toEqual({ value: '2999.00', currency_code: 'INR' });
    expect(await t.app.db.selectFrom('grants').select('kind').where('user_id', '=', s.userId).execute()).toEqual([{ kind: 'trial' }]);
    await t.app.close();
  });

  it('a declined checkout is a failed payment and grants nothing', async () => {
    const t = await india();
    const s = await signedIn(t, 'decline@example.com');
    const id = await checkout(t, s, 'plan_basic_inr', { decision: 'decline' });
    const receipt = (await t.post('/api/fetch_sub_paypal_details/', { subscription_id: id }, s.access)).json();
    expect(receipt).toMatchObject({ status: 'declined', paid: false });
    expect((await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json()).toMatchObject({ plan: null, trial_available: true });
    await t.app.close();
  });

  it('outside India: PayPal path in dollars, and each path refuses the other market', async () => {
    const t = await india();
    const s = await signedIn(t, 'sam@example.com');
    let res = await postFrom(t, US_IP, '/api/create_billing/', { user_id: s.userId, email: s.email, ...US_ADDRESS }, s.access);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().billing).toMatchObject({ city: 'Beverly Hills', state: 'California', country: 'US' });
    res = await postFrom(t, US_IP, '/api/subscription/', { plan_id: 'plan_basic_inr', user_id: s.userId }, s.access);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Payments from outside India go through PayPal. Please reload the page and try again.');
    res = await postFrom(t, '127.0.0.1', '/api/paypal-subscription/', { plan_id: 'P-BASIC-USD', user_id: s.userId }, s.access);
    expect(res.statusCode).toBe(400);
    // The billing country must be where the request comes from.
    res = await postFrom(t, US_IP, '/api/create_billing/', { user_id: s.userId, email: s.email, ...INDIA_ADDRESS }, s.access);
    expect(res.json()).toEqual({ error: 'The billing country must be the country you are in (United States).', field: 'country' });

    const id = await checkout(t, s, 'P-ADVANCED-USD', { ip: US_IP });
    const receipt = (await t.post('/api/fetch_sub_paypal_details/', { subscription_id: id }, s.access)).json();
    expect(receipt).toMatchObject({ plan_id: 'P-ADVANCED-USD', plan_name: 'Advanced', paid: true });
    const page = await t.app.inject({ method: 'GET', url: `/api/sandbox/checkout/${id}` });
    expect(page.body).toContain('$24.99');
    expect((await postFrom(t, US_IP, '/api/get_current_plan/', { user_id: s.userId }, s.access)).json()).toMatchObject({ plan: 'advanced', plan_id: 'P-ADVANCED-USD' });
    await t.app.close();
  });

  it('checks every billing rule with the spec messages', async () => {
    const t = await india();
    const s = await signedIn(t, 'rules@example.com');
    const bill = (fields: object, ip = '127.0.0.1') => postFrom(t, ip, '/api/create_billing/', { user_id: s.userId, email: s.email, ...INDIA_ADDRESS, ...fields }, s.access);
    const cases: [object, string, string][] = [
      [{ full_name: '  ' }, 'Full name is required.', 'full_name'],
      [{ address: '' }, 'Address is required.', 'address'],
      [{ phone_number: '' }, 'Phone number is required.', 'phone_number'],
      [{ phone_number: '98765' }, 'Phone number must be exactly 10 digits.', 'phone_number'],
      [{ phone_number: '98765-43210' }, 'Phone number must be exactly 10 digits.', 'phone_number'],
      [{ country: '' }, 'Country is required.', 'country'],
      [{ country: 'ZZ' }, 'Please choose a country from the list.', 'country'],
      [{ pincode: '' }, 'Pincode is required.', 'pincode'],
      [{ pincode: '38000' }, 'Please enter a valid pincode.', 'pincode'],
      [{ pincode: '38000A' }, 'Please enter a valid pincode.', 'pincode'],
      [{ full_name: 'Asha\u0007' }, 'Please remove control characters.', 'full_name'],
      // NUL is refused in every field before the route's own checks (issue 40).
      [{ full_name: 'Asha\u0000' }, 'full_name cannot contain control characters.', 'full_name'],
    ];
    for (const [fields, error, field] of cases) {
      const res = await bill(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual({ error, field });
    }
    expect((await bill({ email: 'someone-else@example.com' })).json()).toEqual({ error: 'The email does not match this account.', field: 'email' });
    expect((await bill({ user_id: 'another-user' })).statusCode).toBe(403);
    expect((await postFrom(t, '127.0.0.1', '/api/create_billing/', { user_id: s.userId, ...INDIA_ADDRESS })).statusCode).toBe(401);
    // US phone numbers have 11 digits; other countries' codes follow their own patterns.
    expect((await bill({ ...US_ADDRESS, phone_number: '3105550100' }, US_IP)).json()).toEqual({ error: 'Phone number must be exactly 11 digits.', field: 'phone_number' });
    // Checkout needs a saved address, a known plan.
    expect((await t.post('/api/subscription/', { plan_id: 'plan_basic_inr', user_id: s.userId }, s.access)).json()).toEqual({ error: 'Please save your billing address first.' });
    expect((await bill({})).statusCode).toBe(201);
    expect((await t.post('/api/subscription/', { plan_id: 'enterprise', user_id: s.userId }, s.access)).json()).toEqual({ error: 'Unknown plan.', field: 'plan_id' });

    const zip = (country_code: string, pincode: string) => t.post('/api/get_details_by_zip/', { country_code, pincode }, s.access);
    expect((await zip('IN', '12345')).json()).toEqual({ error: 'Please enter a valid pincode.', field: 'pincode' });
    expect((await zip('IN', '999999')).statusCode).toBe(404);
    expect((await zip('CA', 'K1A 0B1')).statusCode).toBe(404);
    expect((await zip('CA', 'K1A0B1')).statusCode).toBe(400);
    expect((await zip('US', '10001')).json()).toEqual({ city: 'New York', state: 'New York' });
    await t.app.close();
  });

  it('applies a webhook once however often it is delivered, refuses bad signatures, and keeps the newest state when events arrive out of order', async () => {
    const t = await india();
    const s = await signedIn(t, 'hooks@example.com');
    const id = await checkout(t, s, 'plan_basic_inr');
    const start = t.clock.now() + 7 * DAY;
    const periodEnd = new Date(start + 30 * DAY).toISOString();
    const charged = {
      id: 'evt_charged_1', event: 'subscription.charged', created_at: new Date(start).toISOString(),
      subscription: { id, status: 'active', current_start: new Date(start).toISOString(), current_end: periodEnd },
      payment: { id: 'pay_1', amount: '999.00', currency: 'INR', method: 'card' },
    };
    const applied: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject(sandboxDelivery(t, charged));
      expect(res.statusCode, res.body).toBe(200);
      applied.push(res.json().applied);
    }
    expect(applied).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await t.app.db.selectFrom('payment_events').select('event_id').where('event_id', '=', 'evt_charged_1').execute()).toHaveLength(1);

    const bad = sandboxDelivery(t, { ...charged, id: 'evt_forged' });
    expect((await t.app.inject({ ...bad, payload: bad.payload.replace('999.00', '1.00') })).statusCode).toBe(400);
    expect((await t.app.inject({ ...bad, headers: { 'content-type': 'application/json' } })).json()).toEqual({ error: 'Invalid signature.' });
    expect((await t.app.inject({ ...bad, url: '/api/webhooks/stripe' })).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('payment_events').select('event_id').where('event_id', '=', 'evt_forged').execute()).toHaveLength(0);

    // A cancellation, then an older renewal arriving late: the cancellation stands; the paid period is kept.
    const cancelledAt = new Date(start + 2 * DAY).toISOString();
    const cancelled = { id: 'evt_cancel', event: 'subscription.cancelled', created_at: cancelledAt, subscription: { id, status: 'cancelled', current_start: charged.subscription.current_start, current_end: periodEnd } };
    expect((await t.app.inject(sandboxDelivery(t, cancelled))).json().applied).toBe(1);
    const late = { ...charged, id: 'evt_charged_late', created_at: new Date(start + DAY).toISOString() };
    expect((await t.app.inject(sandboxDelivery(t, late))).json().applied).toBe(1);
    const row = await t.app.db.selectFrom('subscriptions').selectAll().where('provider_subscription_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'canceled', current_period_end: periodEnd, cancel_at: periodEnd, last_event_at: cancelledAt });
    // Canceled keeps the entitlement to the end of the paid period, then ends it.
    t.clock.advance(9 * DAY);
    await relogin(t, s);
    expect((await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json()).toMatchObject({ plan: 'basic', source: 'subscription', period_end: periodEnd });
    t.clock.advance(30 * DAY);
    await relogin(t, s);
    expect((await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json().plan).toBeNull();
    await t.app.close();
  });

  it('counts usage per allowance in the period and resets it when the next period is charged', async () => {
    const t = await india();
    const s = await signedIn(t, 'usage@example.com');
    await checkout(t, s, 'plan_basic_inr');
    const now = () => new Date(t.clock.now()).toISOString();
    const { entitlements } = t.app.billing;
    await addSucceededJobs(t, s.userId, 'face', 3);
    await addSucceededJobs(t, s.userId, 'clothSwap', 2);
    await addSucceededJobs(t, s.userId, 'image', 13);
    await addSucceededJobs(t, s.userId, 'music', 1);
    await expect(entitlements.assertMayStart(s.userId, 'face', now())).rejects.toMatchObject({ statusCode: 403, message: expect.stringMatching(/^You have used all 3 face generations of your Basic plan this period\. It ends on \d{4}-\d\d-\d\d\.$/) });
    await expect(entitlements.assertMayStart(s.userId, 'clothSwap', now())).rejects.toMatchObject({ statusCode: 403 });
    await expect(entitlements.assertMayStart(s.userId, 'imageToVideo', now())).resolves.toMatchObject({ source: 'trial' });
    // A job already running counts against the allowance: parallel requests cannot overshoot.
    await t.app.db.insertInto('jobs').values({ id: randomUUID(), user_id: s.userId, kind: 'swapVideo', status: 'running', input: '{}', created_at: now(), updated_at: now() }).execute();
    await addSucceededJobs(t, s.userId, 'swapVideo', 3);
    await expect(entitlements.assertMayStart(s.userId, 'music', now())).rejects.toMatchObject({ statusCode: 403 });
    expect((await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json().usage).toEqual({
      faces: { used: 3, limit: 3 }, images: { used: 15, limit: 15 }, videos: { used: 4, limit: 5 },
    });

    // The trial ends; the sandbox charges the first month (move the clock, never sleep).
    t.clock.advance(7 * DAY + 1000);
    await renewSandboxSubscriptions(t.app);
    await relogin(t, s);
    const plan = (await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json();
    expect(plan).toMatchObject({ plan: 'basic', source: 'subscription', usage: { faces: { used: 0, limit: 3 }, images: { used: 0, limit: 15 }, videos: { used: 0, limit: 5 } } });
    await expect(entitlements.assertMayStart(s.userId, 'face', now())).resolves.toMatchObject({ source: 'subscription' });
    await addSucceededJobs(t, s.userId, 'face', 3);
    await expect(entitlements.assertMayStart(s.userId, 'face', now())).rejects.toMatchObject({ message: expect.stringContaining('It renews on') });
    // Two months later, two renewals: usage starts again.
    t.clock.advance(62 * DAY);
    await renewSandboxSubscriptions(t.app);
    await expect(entitlements.assertMayStart(s.userId, 'face', now())).resolves.toMatchObject({ source: 'subscription' });
    expect(await t.app.db.selectFrom('payment_events').select('type').where('user_id', '=', s.userId).where('type', '=', 'subscription.charged').execute()).toHaveLength(3);
    await t.app.close();
  });

  it('deleting the account cancels its subscription at the provider', async () => {
    const t = await india();
    const s = await signedIn(t, 'leaver@example.com');
    const id = await checkout(t, s, 'plan_basic_inr');
    expect((await t.post('/api/delete-profile/', { user_id: s.userId, email: s.email }, s.access)).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('sandbox_subscriptions').select('status').where('id', '=', id).executeTakeFirst()).toEqual({ status: 'cancelled' });
    await t.app.close();
  });

  it('operators grant and revoke plans with npm run admin, recorded in the entitlement history', async () => {
    const t = await india();
    const s = await signedIn(t, 'vip@example.com');
    const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: database.current.dataDir, ...(database.current.databaseUrl ? { DATABASE_URL: database.current.databaseUrl } : {}) };
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(`ERR ${l}`) };
    expect(await runAdmin(['grant', 'VIP@example.com', 'premium', '10'], env, io, t.clock.now)).toBe(0);
    expect(lines.pop()).toMatch(/^Granted Premium to vip@example.com until /);
    let plan = (await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json();
    expect(plan).toMatchObject({ plan: 'premium', source: 'grant', usage: { faces: { used: 0, limit: 6 } } });
    expect((await t.post('/api/get_profiles/', { user_id: s.userId }, s.access)).json().track_status.days_left).toBe(10);

    expect(await runAdmin(['grant', 'nobody@example.com', 'basic'], env, io, t.clock.now)).toBe(1);
    expect(lines.pop()).toBe('ERR No account with the email nobody@example.com.');
    expect(await runAdmin(['grant', 'vip@example.com', 'enterprise'], env, io, t.clock.now)).toBe(2);
    expect(await runAdmin(['grant', 'vip@example.com', 'basic', '0'], env, io, t.clock.now)).toBe(2);
    expect(await runAdmin(['promote'], env, io, t.clock.now)).toBe(2);

    expect(await runAdmin(['revoke', 'vip@example.com'], env, io, t.clock.now)).toBe(0);
    expect(lines.pop()).toBe('Revoked 1 grant(s) of vip@example.com.');
    plan = (await t.post('/api/get_current_plan/', { user_id: s.userId }, s.access)).json();
    expect(plan.plan).toBeNull();
    const history = await t.app.db.selectFrom('payment_events').select(['provider', 'type']).where('user_id', '=', s.userId).orderBy('type').execute();
    expect(history).toEqual([{ provider: 'admin', type: 'grant.created' }, { provider: 'admin', type: 'grant.revoked' }]);
    await t.app.close();
  });
});
