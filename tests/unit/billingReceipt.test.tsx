// /paymentSuccess: spinner, then the receipt of spec document 1 §2 from /fetch_sub_paypal_details/.
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionDetails } from '../../src/api/billing';
import PaymentSuccessPage from '../../src/pages/account/PaymentSuccessPage';
import { formatAmount, formatDateTime, monthlyPrice, receiptPlan } from '../../src/pages/account/payment/receiptFormat';
import { getSystem } from '../../src/theme/system';
import { mountRoot, unmountRoot } from './support/reactRoot.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let requested: unknown[];

const DETAILS: SubscriptionDetails = {
  id: 'sbx_sub_0123456789abcdef01234567',
  plan_id: 'plan_advanced_inr',
  plan_name: 'Advanced',
  provider: 'sandbox',
  status: 'trialing',
  paid: true,
  start_time: '2026-03-12T09:30:00.000Z',
  create_time: '2026-03-12T09:29:00.000Z',
  trial_end: '2026-03-19T09:30:00.000Z',
  billing_info: { last_payment: { amount: { value: '0.00', currency_code: 'INR' } } },
  subscriber: { email_address: 'asha.pay@example.com', name: 'Asha Rao', tenant: 'sandbox' },
  user_email: 'asha@example.com',
  payment_method: 'upi',
};

function stubDetails(reply: { status: number; body: unknown } | (() => Promise<never>)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      requested.push(JSON.parse(String(init.body)));
      if (typeof reply === 'function') return reply();
      return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

beforeEach(() => {
  requested = [];
  sessionStorage.clear();
  sessionStorage.setItem('accessToken', 'token');
  ({ container, root } = mountRoot());
});

afterEach(() => unmountRoot({ container, root }));

// timing-ok: yields one task (stubbed answers and React's commit), no clock is waited on
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const text = () => container.textContent ?? '';

function render(search: string) {
  act(() =>
    root.render(
      <ChakraProvider value={getSystem()}>
        <MemoryRouter initialEntries={[`/paymentSuccess${search}`]}>
          <PaymentSuccessPage />
        </MemoryRouter>
      </ChakraProvider>,
    ),
  );
}

/** The receipt's rows as label -> value. */
function rows(): Record<string, string> {
  return Object.fromEntries(Array.from(container.querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
}

describe('/paymentSuccess', () => {
  it('shows a spinner, then the receipt of a paid (trial) checkout in rupees', async () => {
    stubDetails({ status: 200, body: DETAILS });
    render('?subscription_id=sbx_sub_0123456789abcdef01234567');
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Loading your payment');
    await settle();
    expect(requested).toEqual([{ subscription_id: 'sbx_sub_0123456789abcdef01234567' }]);
    expect(container.querySelector('[data-testid="payment-status"]')?.textContent).toBe('Payment received!');
    expect(text()).toContain('Amount Paid');
    expect(container.querySelector('[data-testid="amount-paid"]')?.textContent).toBe('₹0.00');
    expect(text()).toContain('An automated receipt will be sent to your email.');
    const r = rows();
    expect(r).toMatchObject({
      Plan: 'Advanced',
      Price: '₹1,999.00/month',
      Total: '₹0.00',
      'Subscription id': 'sbx_sub_0123456789abcdef01234567',
      'Plan id': 'plan_advanced_inr',
      'Customer name': 'Asha Rao',
      'Payment provider email': 'asha.pay@example.com',
      'User email': 'asha@example.com',
      'Payment method': 'upi',
    });
    expect(r['Start time']).toBe(formatDateTime(DETAILS.start_time));
    expect(r['Start time']).toMatch(/2026/);
    expect(r['Free trial ends']).toBe(formatDateTime(DETAILS.trial_end));
    // Issue 45: what is paid today and what is charged on which date (from an older server: the plan's price at the trial's end).
    const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(DETAILS.trial_end!));
    expect(container.querySelector('[data-testid="first-charge"]')?.textContent).toBe(`Free trial: ₹0.00 today. ₹1,999.00 will be charged on ${day}.`);
    expect(r['First charge']).toBe(`₹1,999.00 on ${day}`);
    const back = Array.from(container.querySelectorAll('a')).find((a) => a.textContent === 'Redirect back to Profile');
    expect(back?.getAttribute('href')).toBe('/profile');
    // The plan name is kept for the screens after this one.
    expect(sessionStorage.getItem('Plan_Details')).toBe('Advanced');
  });

  it("a trial's first charge as the server gives it: its amount and day (issue 45)", async () => {
    stubDetails({ status: 200, body: { ...DETAILS, first_charge: { amount: { value: '2499.00', currency_code: 'INR' }, at: '2026-03-20T09:30:00.000Z' } } });
    render('?subscription_id=sub-3');
    await settle();
    const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date('2026-03-20T09:30:00.000Z'));
    expect(container.querySelector('[data-testid="first-charge"]')?.textContent).toBe(`Free trial: ₹0.00 today. ₹2,499.00 will be charged on ${day}.`);
    expect(rows()['First charge']).toBe(`₹2,499.00 on ${day}`);
  });

  it('dollar amounts carry the dollar sign; the plan name comes from Plan_Details when set', async () => {
    sessionStorage.setItem('Plan_Details', 'Advanced (monthly)');
    stubDetails({
      status: 200,
      body: { ...DETAILS, plan_id: 'P-ADVANCED-USD', trial_end: null, status: 'active', billing_info: { last_payment: { amount: { value: '24.99', currency_code: 'USD' } } } },
    });
    render('?subscription_id=sub-2');
    await settle();
    expect(container.querySelector('[data-testid="amount-paid"]')?.textContent).toBe('$24.99');
    expect(rows()).toMatchObject({ Plan: 'Advanced (monthly)', Price: '$24.99/month', Total: '$24.99' });
    expect(rows()['Free trial ends']).toBeUndefined();
    expect(rows()['First charge']).toBeUndefined();
    expect(container.querySelector('[data-testid="first-charge"]')).toBeNull();
    expect(sessionStorage.getItem('Plan_Details')).toBe('Advanced');
  });

  it("a checkout that was not paid says 'Payment failed.' and offers the plans again", async () => {
    stubDetails({ status: 200, body: { ...DETAILS, paid: false, status: 'declined', trial_end: null } });
    render('?subscription_id=sub-3');
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Payment failed.');
    expect(text()).not.toContain('An automated receipt');
    expect(container.querySelector('a[href="/pricing"]')).not.toBeNull();
  });

  it('no subscription id: a clear message and a way back to /pricing, without a call', async () => {
    stubDetails({ status: 200, body: DETAILS });
    render('');
    await settle();
    expect(requested).toEqual([]);
    expect(container.querySelector('[role="alert"]')?.textContent).toMatch(/no subscription id/);
    expect(container.querySelector('a[href="/pricing"]')?.textContent).toBe('Back to plans');
  });

  it('a failed fetch shows the server’s reason, a retry and the way back', async () => {
    stubDetails({ status: 404, body: { error: 'Subscription not found.', field: 'subscription_id' } });
    render('?subscription_id=nope');
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('We could not load this payment. Subscription not found.');
    expect(container.querySelector('a[href="/pricing"]')).not.toBeNull();
    stubDetails({ status: 200, body: DETAILS });
    const retry = Array.from(container.querySelectorAll('button')).find((b) => b.textContent === 'Try again')!;
    act(() => retry.click());
    await settle();
    expect(container.querySelector('[data-testid="payment-status"]')?.textContent).toBe('Payment received!');
  });
});

describe('receipt formatting', () => {
  it('formats amounts by currency', () => {
    expect(formatAmount('24.99', 'USD')).toBe('$24.99');
    expect(formatAmount('1999', 'INR')).toBe('₹1,999.00');
    expect(formatAmount('123456.5', 'inr')).toBe('₹1,23,456.50');
    expect(formatAmount('10', 'EUR')).toBe('10.00 EUR');
    expect(formatAmount('n/a', 'USD')).toBe('n/a USD');
  });

  it('finds the plan by either provider id or by name, and its monthly price', () => {
    expect(receiptPlan({ plan_id: 'P-PREMIUM-USD', plan_name: '' })?.id).toBe('premium');
    expect(receiptPlan({ plan_id: 'rzp_plan_x', plan_name: 'Basic' })?.id).toBe('basic');
    expect(monthlyPrice(receiptPlan({ plan_id: 'plan_basic_inr', plan_name: 'Basic' }), 'INR')).toBe('₹999.00');
    expect(monthlyPrice(undefined, 'USD')).toBeNull();
  });

  it('dates read as day, month, year and time; missing ones as a dash', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime('not a date')).toBe('not a date');
    expect(formatDateTime('2026-03-12T09:30:00.000Z')).toMatch(/March 2026|Mar(ch)? 12, 2026/);
  });
});
