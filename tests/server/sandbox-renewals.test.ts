// Every API process sweeps sandbox renewals: two sweeps at once (two processes) charge each missed
// period once, and two clicks on Approve authorise a checkout once.
import { describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../server/src/payments/sandbox.ts';
import type { CheckoutRequest } from '../../server/src/payments/types.ts';
import { engines, useTestDatabase } from './support/db.ts';

const DAY = 24 * 3600_000;
const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const checkout = (subscriptionId: string, trialDays: number): CheckoutRequest => ({
  subscriptionId, providerPlanId: 'plan_basic_inr', plan: { id: 'basic', name: 'Basic' }, price: { value: '499.00', currency: 'INR' },
  user: { id: 'u1', email: `${subscriptionId}@example.com`, name: 'Renew' }, trialDays, returnUrl: '/paymentSuccess', cancelUrl: '/pricing', now: T0,
});

describe.each(engines)('sandbox renewals on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('two processes sweeping at once charge each period once', async () => {
    const { db } = database.current;
    const now = () => T0 + 65 * DAY;
    // Two processes' providers over one database.
    const [a, b] = [createSandboxProvider({ db, secret: 's', now }), createSandboxProvider({ db, secret: 's', now })];
    const { providerSubscriptionId: id } = await a.createSubscription(checkout('sub_1', 0));
    await db.updateTable('sandbox_subscriptions').set({ status: 'active', current_start: iso(T0), current_end: iso(T0 + 30 * DAY) }).where('id', '=', id).execute();

    const swept = (await Promise.all([a.renewDue(), b.renewDue(), a.renewDue()])).flat();
    const charges = swept.map((d) => JSON.parse(d.rawBody.toString()) as { event: string; subscription: { current_start: string } });
    // Day 30 and day 60 were due by day 65: two charges in all, each period once.
    expect(charges.map((c) => c.event)).toEqual(['subscription.charged', 'subscription.charged']);
    expect(new Set(charges.map((c) => c.subscription.current_start)).size).toBe(2);
    expect((await Promise.all([a.renewDue(), b.renewDue()])).flat()).toEqual([]);
  });

  it('two clicks on Approve at once authorise the checkout once', async () => {
    const { db } = database.current;
    const sandbox = createSandboxProvider({ db, secret: 's', now: () => T0 });
    const { providerSubscriptionId: id } = await sandbox.createSubscription(checkout('sub_2', 7));
    const decided = (await Promise.all([sandbox.decide(id, 'approve', 'card'), sandbox.decide(id, 'approve', 'card')])).flat();
    expect(decided).toHaveLength(1);
  });
});
