// The signed-in pricing cards' states from /get_current_plan/ (spec document 1 §2).
import { describe, expect, it } from 'vitest';
import type { CurrentPlanResponse } from '../../src/api/billing';
import { subscriptionPath } from '../../src/api/billing';
import { planCardState, type CurrentPlanState } from '../../src/pages/site/pricing/currentPlanStore';

const plan = (overrides: Partial<CurrentPlanResponse>): CurrentPlanResponse => ({
  plan_id: null,
  plan: null,
  plan_name: null,
  source: null,
  period_start: null,
  period_end: null,
  usage: null,
  processing_plan: null,
  trial_available: true,
  ...overrides,
});
const ready = (data: CurrentPlanResponse): CurrentPlanState => ({ status: 'ready', userId: 'u1', data });

describe('signed-in pricing cards', () => {
  it("'Current Plan' for the plan in force, compared by slug", () => {
    const state = ready(plan({ plan: 'advanced', plan_id: 'plan_advanced_inr', plan_name: 'Advanced', source: 'trial' }));
    expect(planCardState(state, 'advanced')).toBe('current');
    expect(planCardState(state, 'basic')).toBe('available');
    expect(planCardState(state, 'premium')).toBe('available');
  });

  it("'Processing...' for a checkout under way; the plan in force wins", () => {
    expect(planCardState(ready(plan({ processing_plan: 'premium' })), 'premium')).toBe('processing');
    expect(planCardState(ready(plan({ plan: 'premium', processing_plan: 'premium' })), 'premium')).toBe('current');
  });

  it('loading until the answer; Get Started for every plan when the call failed', () => {
    expect(planCardState({ status: 'loading', userId: 'u1', data: null }, 'basic')).toBe('loading');
    expect(planCardState({ status: 'failed', userId: 'u1', data: null }, 'basic')).toBe('available');
  });
});

describe('checkout path by country', () => {
  it('India goes to /subscription/, every other country to /paypal-subscription/', () => {
    expect(subscriptionPath('IN')).toBe('/subscription/');
    expect(subscriptionPath('in')).toBe('/subscription/');
    expect(subscriptionPath('US')).toBe('/paypal-subscription/');
    expect(subscriptionPath('GB')).toBe('/paypal-subscription/');
  });
});
