// The plans the server seeds and serves agree with the pricing page's content (src/content/plans.ts).
// It reads a page module, so this folder is checked with the build (tsconfig.build.json).
import { describe, expect, it } from 'vitest';
import { PLANS } from '../../../src/content/plans.ts';
import { accountsApp } from '../support/accounts.ts';
import { engines, useTestDatabase } from '../support/db.ts';

describe.each(engines)('plans on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('GET /api/plans agrees with the pricing page content', async () => {
    const t = await accountsApp(database.current, { COUNTRY_OVERRIDE: 'IN' });
    const { plans, trial_days } = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json();
    expect(trial_days).toBe(7);
    const paid = PLANS.filter((p) => p.action === 'subscribe');
    expect(plans.map((p: { id: string }) => p.id)).toEqual(paid.map((p) => p.id));
    for (const page of paid) {
      expect(plans.find((p: { id: string }) => p.id === page.id)).toEqual({
        id: page.id, name: page.name, india_plan_id: page.planId, international_plan_id: page.otherplanId,
        price_inr: page.price, list_price_inr: page.duplicatePrice, price_usd: page.otherPrice, list_price_usd: page.duplicateOtherPrice, limits: page.limits,
      });
    }
    await t.app.close();
  });
});
