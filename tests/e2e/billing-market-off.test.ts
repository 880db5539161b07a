// A market switched off (PAYMENTS_INTERNATIONAL=off, issue 24 §2): visitors outside India read
// "Paid plans are not available in your country yet." on pricing and /address instead of the
// buttons; visitors in India still buy. Each context poses as a visitor elsewhere through
// X-Forwarded-For (the server trusts it from loopback).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from './support/accountsApi';
import { axeViolations } from './support/axe';
import { PHONE, useOwnServer, visitorContext } from './support/browser';

vi.setConfig({ expect: { poll: { timeout: 15_000 } } });

// geoip-country maps 49.36.0.1 (Reliance Jio) to IN and 8.8.8.8 to US (see tests/server/siteGeo.test.ts).
const INDIA_IP = '49.36.0.1';
const US_IP = '8.8.8.8';
const NOT_SOLD = 'Paid plans are not available in your country yet.';
/** Screens to look at by eye, kept out of the repository. */
// Screens for the eye, taken only when asked for (CI time).
const SHOTS = process.env.BILLING_SHOTS_DIR ?? process.env.STUDIO_SHOTS_DIR;
const PAID = ['Basic', 'Advanced', 'Premium'];

const own = useOwnServer({ TRUST_PROXY: 'loopback', PAYMENTS_INTERNATIONAL: 'off' });
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function visitorFrom(ip: string): Promise<Page> {
  const context = await visitorContext(own, ip, PHONE);
  contexts.push(context);
  return context.newPage();
}

const card = (page: Page, name: string) => page.getByRole('article', { name: `${name} plan` });

describe('PAYMENTS_INTERNATIONAL=off', () => {
  it('a visitor outside India reads that paid plans are not sold, in place of Get Started; Enterprise still offers Contact Us', async () => {
    const page = await visitorFrom(US_IP);
    await page.goto('/pricing');
    for (const name of PAID) await expect.poll(() => card(page, name).getByText(NOT_SOLD).isVisible()).toBe(true);
    for (const name of PAID) expect(await card(page, name).getByRole('link', { name: `Get Started: ${name}` }).count()).toBe(0);
    expect(await card(page, 'Enterprise').getByRole('link', { name: 'Contact Us: Enterprise' }).getAttribute('href')).toBe('/contact');
    // Prices are still shown.
    expect(await card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('$12.99');
    expect(await axeViolations(page, '/pricing (off)')).toEqual([]);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, 'pricing-off-390.png'), fullPage: true });
    }
  });

  it('signed in outside India: no Get Started on pricing, and /address says so instead of the form', async () => {
    const page = await visitorFrom(US_IP);
    await signedInUser(page, own.server, 'billing-off', 'Sam Lee');
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Advanced').getByText(NOT_SOLD).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^Get Started/ }).count()).toBe(0);
    await page.goto('/address');
    await expect.poll(() => page.getByText(NOT_SOLD).isVisible()).toBe(true);
    expect(await page.locator('form').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Continue to payment' }).count()).toBe(0);
    expect(await axeViolations(page, '/address (off)')).toEqual([]);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'address-off-390.png'), fullPage: true });
  });

  it('a visitor from India still gets Get Started', async () => {
    const page = await visitorFrom(INDIA_IP);
    const plans = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/plans');
    await page.goto('/pricing');
    expect(await (await plans).json()).toMatchObject({ available: true });
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('₹999');
    for (const name of PAID) expect(await card(page, name).getByRole('link', { name: `Get Started: ${name}` }).count()).toBe(1);
    expect(await page.getByText(NOT_SOLD).count()).toBe(0);
  });
});
