// Markets switched off (PAYMENTS_INDIA / PAYMENTS_INTERNATIONAL=off) and the sandbox in production
// (only with PAYMENTS_SANDBOX_IN_PRODUCTION=true, with a warning at every start).
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '../../contract/billing-rules.ts';
import { accountsApp, type AccountsApp } from './support/accounts.ts';
import { buildTestApp, captureLogger } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

// geoip-country maps 49.36.0.1 (Reliance Jio) to IN and 8.8.8.8 to US (see siteGeo.test.ts).
const INDIA_IP = '49.36.0.1';
const US_IP = '8.8.8.8';
const INDIA_ADDRESS = { full_name: 'Asha Verma', phone_number: '9876543210', address: '12 Relief Road', city: '', pincode: '380001', country: 'IN', state: '' };
const US_ADDRESS = { full_name: 'Sam Lee', phone_number: '13105550100', address: '9 Rodeo Drive', city: '', pincode: '90210', country: 'US', state: '' };
const UNAVAILABLE = { error: 'Paid plans are not available in your country yet.' };

function from(t: AccountsApp, ip: string, method: 'GET' | 'POST', url: string, payload?: object, token?: string) {
  return t.app.inject({ method, url, payload, remoteAddress: ip, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

describe('a market switched off', () => {
  const database = useTestDatabase('sqlite');

  it('GET /api/plans says paid plans are not available to its visitors, and are to the other market\'s', async () => {
    const t = await accountsApp(database.current, { PAYMENTS_INTERNATIONAL: 'off' });
    const us = await from(t, US_IP, 'GET', '/api/plans');
    expect(us.json()).toMatchObject({ available: false, trial_days: 7 });
    expect(us.json().plans).toHaveLength(3);
    // The answer depends on where the caller is: no shared cache may keep it.
    expect(us.headers['cache-control']).toBe('private, max-age=300');
    expect((await from(t, INDIA_IP, 'GET', '/api/plans')).json().available).toBe(true);
    await t.app.close();
  });

  it('checkout answers 400 with that message on both paths and stores no subscription; the other market still sells', async () => {
    const t = await accountsApp(database.current, { PAYMENTS_INTERNATIONAL: 'off' });
    expect(BILLING_MESSAGES.paidPlansUnavailable).toBe(UNAVAILABLE.error);
    const sam = await t.signUp('sam@example.com');
    const samId = sam.profile.user_id;
    expect((await from(t, US_IP, 'POST', '/api/create_billing/', { user_id: samId, ...US_ADDRESS }, sam.access)).statusCode).toBe(201);
    for (const [path, plan] of [['/api/paypal-subscription/', 'P-BASIC-USD'], ['/api/subscription/', 'plan_basic_inr']]) {
      const res = await from(t, US_IP, 'POST', path, { plan_id: plan, user_id: samId }, sam.access);
      expect([res.statusCode, res.json()], path).toEqual([400, UNAVAILABLE]);
    }
    expect(await t.app.db.selectFrom('subscriptions').select('id').where('user_id', '=', samId).execute()).toEqual([]);

    const asha = await t.signUp('asha@example.com');
    const ashaId = asha.profile.user_id;
    expect((await from(t, INDIA_IP, 'POST', '/api/create_billing/', { user_id: ashaId, ...INDIA_ADDRESS }, asha.access)).statusCode).toBe(201);
    const res = await from(t, INDIA_IP, 'POST', '/api/subscription/', { plan_id: 'plan_basic_inr', user_id: ashaId }, asha.access);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().short_url).toMatch(/^\/api\/sandbox\/checkout\/sbx_sub_/);
    await t.app.close();
  });

  it('PAYMENTS_INDIA=off: visitors from India are refused, everyone else buys through the international provider', async () => {
    const t = await accountsApp(database.current, { PAYMENTS_INDIA: 'off' });
    expect((await from(t, INDIA_IP, 'GET', '/api/plans')).json().available).toBe(false);
    expect((await from(t, US_IP, 'GET', '/api/plans')).json().available).toBe(true);
    const asha = await t.signUp('asha@example.com');
    const res = await from(t, INDIA_IP, 'POST', '/api/subscription/', { plan_id: 'plan_basic_inr', user_id: asha.profile.user_id }, asha.access);
    expect([res.statusCode, res.json()]).toEqual([400, UNAVAILABLE]);
    await t.app.close();
  });
});

describe('the sandbox in production', () => {
  const database = useTestDatabase('sqlite');

  it('with PAYMENTS_SANDBOX_IN_PRODUCTION=true it sells, and every start logs a warning', async () => {
    for (let start = 0; start < 2; start += 1) {
      const { logger, lines } = captureLogger();
      const { app } = await buildTestApp(database.current, { env: { NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }, logger });
      const warnings = lines.filter((l) => l.level === 40 && /PAYMENTS_SANDBOX_IN_PRODUCTION=true/.test(String(l.msg)));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ markets: ['india', 'international'], msg: expect.stringContaining('anyone gets any paid plan by clicking Approve') });
      expect((await app.inject({ method: 'GET', url: '/api/plans', remoteAddress: US_IP })).json().available).toBe(true);
      await app.close();
    }
  });

  it('no warning where the sandbox is the development default, nor in production without it', async () => {
    for (const env of [{ NODE_ENV: 'development' }, { NODE_ENV: 'production', PAYMENTS_INDIA: 'off', PAYMENTS_INTERNATIONAL: 'off' }]) {
      const { logger, lines } = captureLogger();
      const { app } = await buildTestApp(database.current, { env, logger });
      expect(lines.filter((l) => /PAYMENTS_SANDBOX_IN_PRODUCTION/.test(String(l.msg)))).toEqual([]);
      await app.close();
    }
  });

  it('once no market uses the sandbox, a checkout page left from before gives nothing away', async () => {
    const { app } = await buildTestApp(database.current, { env: { NODE_ENV: 'production', PAYMENTS_INDIA: 'off', PAYMENTS_INTERNATIONAL: 'off' } });
    const { paymentUrl } = await app.billing.providers.sandbox.createSubscription({
      subscriptionId: 'left-over', providerPlanId: 'plan_basic_inr', plan: { id: 'basic', name: 'Basic' }, price: { value: '999.00', currency: 'INR' },
      user: { id: 'u1', email: 'asha@example.com', name: 'Asha' }, trialDays: 0, returnUrl: 'http://localhost/paymentSuccess', cancelUrl: 'http://localhost/pricing', now: Date.now(),
    });
    expect((await app.inject({ method: 'GET', url: paymentUrl })).statusCode).toBe(404);
    const approve = await app.inject({ method: 'POST', url: paymentUrl, payload: 'decision=approve', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(approve.statusCode).toBe(404);
    expect(await app.db.selectFrom('sandbox_subscriptions').select('status').executeTakeFirst()).toEqual({ status: 'created' });
    expect((await app.inject({ method: 'GET', url: '/api/plans', remoteAddress: INDIA_IP })).json().available).toBe(false);
    await app.close();
  });
});
