// Billing end to end (spec document 1 §2, §4, §5, §8; ARCHITECTURE §8): real accounts, the
// signed-in pricing screen, /address, the sandbox payment page in a new tab, the receipt, then
// the profile's days left and the 'Current Plan' card. One server; each context poses as a
// visitor elsewhere through X-Forwarded-For (the server trusts it from loopback).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { signedInUser } from './support/accountsApi';
import { DESKTOP, PHONE, useOwnServer, visitorContext } from './support/browser';
import { ROOT } from './support/server';
import { settled } from './support/settle';

vi.setConfig({ expect: { poll: { timeout: 15_000 } } });

// geoip-country maps 49.36.0.1 (Reliance Jio) to IN and 8.8.8.8 to US (see tests/server/siteGeo.test.ts).
const INDIA_IP = '49.36.0.1';
const US_IP = '8.8.8.8';
/** Screens to look at by eye, kept out of the repository. */
// Screens for the eye, taken only when asked for (each is a full page at two widths: CI time).
const SHOTS = process.env.BILLING_SHOTS_DIR ?? process.env.STUDIO_SHOTS_DIR;

const own = useOwnServer({ TRUST_PROXY: 'loopback' });
const contexts: BrowserContext[] = [];
const pages: Page[] = [];

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    const dir = join(ROOT, 'test-results');
    mkdirSync(dir, { recursive: true });
    for (const [i, p] of pages.entries()) {
      const name = `billing-${i}-${ctx.task.name}`.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await p.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    }
  }
  pages.length = 0;
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function visitorFrom(ip: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await visitorContext(own, ip);
  contexts.push(context);
  const page = await context.newPage();
  pages.push(page);
  return { context, page };
}

const card = (page: Page, name: string) => page.getByRole('article', { name: `${name} plan` });
/** A form control by its accessible name (the label without its aria-hidden '*' mark). */
const label = (page: Page, text: string) =>
  text === 'Country' ? page.getByRole('combobox', { name: text, exact: true }) : page.getByRole('textbox', { name: text, exact: true });

/** Full-page screenshots of `page` at phone and desktop widths, then back to desktop. */
async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [size, viewport] of [['390', PHONE], ['1440', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    await settled(page);
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
  }
}

/** Pricing -> Get Started on `plan` -> /address. */
async function choosePlan(page: Page, plan: string): Promise<void> {
  await page.goto('/pricing');
  const link = card(page, plan).getByRole('link', { name: `Get Started: ${plan}` });
  // The prerendered card links to /login until the signed-in actions have loaded.
  await expect.poll(() => link.getAttribute('href')).toBe('/address');
  await link.click();
  await page.waitForURL('**/address');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Billing Address');
}

/** Submits the form and answers the payment tab it opens. */
async function submitAndOpenPayment(page: Page): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const tab = await popup;
  pages.push(tab);
  await tab.waitForURL(/\/api\/sandbox\/checkout\/sbx_sub_/);
  return tab;
}

describe('billing', () => {
  it('India: Advanced, pincode lookup, sandbox approval in a new tab, receipt, 7 days left, Current Plan', async () => {
    const { page } = await visitorFrom(INDIA_IP);
    const user = await signedInUser(page, own.server, 'billing-in');
    const checkoutCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(paypal-)?subscription\/$/.test(r.url())) checkoutCalls.push(new URL(r.url()).pathname);
    });

    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Advanced').getByTestId('plan-price').innerText()).toContain('₹1,999');
    await choosePlan(page, 'Advanced');
    expect(await page.getByTestId('chosen-plan-price').innerText()).toContain('₹1,999');
    await expect.poll(() => page.getByText(/includes the 7-day free trial/).count()).toBe(1);
    expect(await label(page, 'Email').inputValue()).toBe(user.email);
    expect(await label(page, 'Email').getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => label(page, 'Country').inputValue()).toBe('IN');
    expect(await label(page, 'Country').isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Profile' }).getAttribute('href')).toBe('/profile');

    // Issue 45: the digit count for the country, before anything is typed.
    expect(await label(page, 'Phone number').inputValue()).toBe('');
    expect(await page.getByText('India: 10 digits, numbers only.').isVisible()).toBe(true);
    // Required messages first.
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByText('Full name is required.').count()).toBe(1);
    expect(await page.getByText('Phone number is required.').count()).toBe(1);
    await shoot(page, 'address-errors');

    await label(page, 'Full name').fill('Asha Rao');
    await label(page, 'Phone number').pressSequentially('98765-43210x');
    expect(await label(page, 'Phone number').inputValue()).toBe('9876543210');
    await label(page, 'Address').fill('12 Relief Road, Lal Darwaja');
    await label(page, 'Pincode').pressSequentially('380001');
    await expect.poll(() => label(page, 'City').inputValue()).toBe('Ahmedabad');
    expect(await label(page, 'State').inputValue()).toBe('Gujarat');
    expect(await label(page, 'City').getAttribute('readonly')).not.toBeNull();
    expect(await label(page, 'State').getAttribute('readonly')).not.toBeNull();
    await shoot(page, 'address-india');

    const tab = await submitAndOpenPayment(page);
    expect(checkoutCalls).toEqual(['/api/subscription/']);
    await expect.poll(() => tab.getByRole('heading', { level: 1 }).innerText()).toBe('Advanced plan');
    expect(await tab.getByText('₹1999.00').count()).toBeGreaterThan(0);
    // The form page: the saved status as a message, and the fields still holding what was saved (issue 45).
    await expect.poll(() => page.getByText('Billing address saved.').count()).toBe(1);
    expect(await label(page, 'Address').inputValue()).toBe('12 Relief Road, Lal Darwaja');
    expect(await label(page, 'Pincode').inputValue()).toBe('380001');
    expect(await label(page, 'City').inputValue()).toBe('Ahmedabad');
    expect(await label(page, 'State').inputValue()).toBe('Gujarat');
    expect(await label(page, 'Full name').inputValue()).toBe('Asha Rao');
    await shoot(page, 'address-submitted');

    // While the checkout waits for approval, its card reads 'Processing...'.
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Advanced').getByRole('button', { name: 'Processing...: Advanced' }).isDisabled()).toBe(true);

    await tab.getByRole('button', { name: 'Approve' }).click();
    await tab.waitForURL(/\/paymentSuccess\?subscription_id=sbx_sub_/);
    await expect.poll(() => tab.getByTestId('payment-status').innerText()).toBe('Payment received!');
    expect(await tab.getByText('Amount Paid').count()).toBe(1);
    expect(await tab.getByTestId('amount-paid').innerText()).toBe('₹0.00');
    // Issue 45: the trial's receipt says what is paid today and what is charged, on which day.
    expect(await tab.getByTestId('first-charge').innerText()).toMatch(/^Free trial: ₹0\.00 today\. ₹1,999\.00 will be charged on \S.* \d{4}\.$/);
    const receipt = await tab.locator('dl').allInnerTexts();
    expect(receipt.join('\n')).toContain('Advanced');
    expect(receipt.join('\n')).toContain('₹1,999.00/month');
    expect(receipt.join('\n')).toContain(user.email);
    expect(await tab.getByText('An automated receipt will be sent to your email.').count()).toBe(1);
    await shoot(tab, 'payment-success-india');

    await tab.getByRole('link', { name: 'Redirect back to Profile' }).click();
    await tab.waitForURL('**/profile');
    const track = tab.getByRole('group', { name: 'Track status' });
    await expect.poll(() => track.innerText()).toMatch(/7\s*days left/);

    // (c) The pricing screen now marks the plan in force.
    await page.goto('/pricing');
    const current = card(page, 'Advanced').getByRole('button', { name: 'Current Plan: Advanced' });
    await expect.poll(() => current.isVisible()).toBe(true);
    expect(await current.isDisabled()).toBe(true);
    expect(await card(page, 'Basic').getByRole('link', { name: 'Get Started: Basic' }).count()).toBe(1);
  });

  it('US: the PayPal path in dollars, ZIP 90210 fills Beverly Hills, California', async () => {
    const { page } = await visitorFrom(US_IP);
    await signedInUser(page, own.server, 'billing-us', 'Sam Lee');
    const checkoutCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/(paypal-)?subscription\/$/.test(r.url())) checkoutCalls.push(new URL(r.url()).pathname);
    });
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('$12.99');
    await choosePlan(page, 'Basic');
    expect(await page.getByTestId('chosen-plan-price').innerText()).toContain('$12.99');
    await expect.poll(() => label(page, 'Country').inputValue()).toBe('US');
    expect(await label(page, 'Country').isDisabled()).toBe(true);

    await label(page, 'Full name').fill('Sam Lee');
    await label(page, 'Phone number').fill('3105550100');
    await label(page, 'Address').fill('9641 Sunset Boulevard');
    await label(page, 'Pincode').fill('90210');
    await expect.poll(() => label(page, 'City').inputValue()).toBe('Beverly Hills');
    expect(await label(page, 'State').inputValue()).toBe('California');
    // US numbers have 11 digits (spec §5).
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect.poll(() => page.getByText('Phone number must be exactly 11 digits.').count()).toBe(1);
    await label(page, 'Phone number').fill('13105550100');
    await shoot(page, 'address-us');

    const tab = await submitAndOpenPayment(page);
    expect(checkoutCalls).toEqual(['/api/paypal-subscription/']);
    expect(await tab.getByText('$12.99').count()).toBeGreaterThan(0);
    await tab.getByRole('button', { name: 'Approve' }).click();
    await tab.waitForURL(/\/paymentSuccess\?subscription_id=/);
    await expect.poll(() => tab.getByTestId('payment-status').innerText()).toBe('Payment received!');
    expect(await tab.getByTestId('amount-paid').innerText()).toBe('$0.00');
    expect((await tab.locator('dl').allInnerTexts()).join('\n')).toContain('$12.99/month');
    await shoot(tab, 'payment-success-us');
  });

  it('a declined checkout says Payment failed.; /address without a plan points back to /pricing', async () => {
    const { page } = await visitorFrom(INDIA_IP);
    await signedInUser(page, own.server, 'billing-decline');
    await choosePlan(page, 'Premium');
    await label(page, 'Full name').fill('Asha Rao');
    await label(page, 'Phone number').fill('9876543210');
    await label(page, 'Address').fill('12 Relief Road');
    await label(page, 'Pincode').fill('380001');
    await expect.poll(() => label(page, 'City').inputValue()).toBe('Ahmedabad');
    const tab = await submitAndOpenPayment(page);
    await tab.getByRole('button', { name: 'Decline' }).click();
    await tab.waitForURL(/\/paymentSuccess\?subscription_id=/);
    await expect.poll(() => tab.getByTestId('payment-status').innerText()).toBe('Payment failed.');
    await shoot(tab, 'payment-failed');

    // A second visit prefills from the saved address.
    await choosePlan(page, 'Basic');
    await expect.poll(() => label(page, 'Full name').inputValue()).toBe('Asha Rao');
    expect(await label(page, 'Phone number').inputValue()).toBe('9876543210');

    // A fresh visit of /address (not a reload of the one above, which keeps its plan).
    await page.goto('/profile');
    await page.goto('/address');
    await expect.poll(() => page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    expect(await page.locator('form').count()).toBe(0);
    await page.goto('/paymentSuccess');
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/no subscription id/);
    await shoot(page, 'payment-missing-id');
  });
});
