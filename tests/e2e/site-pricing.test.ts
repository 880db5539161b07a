// Pricing: currency by detected country (India -> rupees, elsewhere dollars), actions, signed-in path.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { signedInUser } from './support/accountsApi';
import { PHONE, useOwnServer, visitorContext } from './support/browser';

vi.setConfig({ expect: { poll: { timeout: 10_000 } } });

// geoip-country maps 49.36.0.1 (Reliance Jio) to IN and 8.8.8.8 to US (see tests/server/siteGeo.test.ts).
const INDIA_IP = '49.36.0.1';
const US_IP = '8.8.8.8';

describe('pricing', () => {
  // The server trusts X-Forwarded-For from loopback, so each context can pose as a visitor elsewhere.
  const own = useOwnServer({ TRUST_PROXY: 'loopback' });
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
  });

  async function visitorFrom(ip: string) {
    const context = await visitorContext(own, ip, PHONE);
    contexts.push(context);
    return context.newPage();
  }

  const card = (page: Awaited<ReturnType<typeof visitorFrom>>, name: string) => page.getByRole('article', { name: `${name} plan` });

  it('a visitor from India sees rupees with struck-through list prices', async () => {
    const page = await visitorFrom(INDIA_IP);
    const lookups: string[] = [];
    page.on('request', (r) => {
      if (/find_ip_add|get_country_name/.test(r.url())) lookups.push(r.url());
    });
    await page.goto('/pricing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Pricing');
    expect(await page.getByText('LIMITED TIME OFFER, 50% off').isVisible()).toBe(true);
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('₹999');
    expect(await card(page, 'Basic').locator('s').textContent()).toBe('was ₹1,999');
    expect(await card(page, 'Advanced').getByTestId('plan-price').innerText()).toContain('₹1,999');
    expect(await card(page, 'Advanced').locator('s').textContent()).toBe('was ₹3,999');
    expect(await card(page, 'Premium').getByTestId('plan-price').innerText()).toContain('₹2,999');
    expect(await card(page, 'Premium').locator('s').textContent()).toBe('was ₹5,999');
    expect(await card(page, 'Enterprise').getByTestId('plan-price').innerText()).toBe("Let's Talk");
    expect(lookups).toHaveLength(2);

    // Cached for the session: another visit asks nothing.
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('₹999');
    expect(lookups).toHaveLength(2);
  });

  it('a visitor from elsewhere sees dollars; Get Started -> /login, Enterprise Contact Us -> /contact', async () => {
    const page = await visitorFrom(US_IP);
    const detected = page.waitForResponse((r) => r.url().includes('/api/get_country_name/'));
    await page.goto('/pricing');
    expect(await (await detected).json()).toMatchObject({ country: 'US' });
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('$12.99');
    expect(await card(page, 'Basic').locator('s').textContent()).toBe('was $25.99');
    expect(await card(page, 'Advanced').getByTestId('plan-price').innerText()).toContain('$24.99');
    expect(await card(page, 'Premium').locator('s').textContent()).toBe('was $79.99');
    for (const name of ['Basic', 'Advanced', 'Premium']) {
      expect(await card(page, name).getByRole('link', { name: `Get Started: ${name}` }).getAttribute('href')).toBe('/login');
    }
    expect(await card(page, 'Enterprise').getByRole('link', { name: 'Contact Us: Enterprise' }).getAttribute('href')).toBe('/contact');
    // Limits from the spec's table.
    expect((await card(page, 'Premium').locator('dl').innerText()).replace(/\s+/g, ' ')).toBe('6 Faces 80 Images 15 Videos');
    // The FAQ states the 7-Day Free Trial.
    await page.locator('summary', { hasText: 'Is there a free trial?' }).click();
    expect(await page.getByText(/7-Day Free Trial/).first().isVisible()).toBe(true);
  });

  it('signed in, Get Started goes to /address with the plan id in navigation state', async () => {
    const page = await visitorFrom(INDIA_IP);
    await signedInUser(page, own.server, 'pricing-signed-in');
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('₹999');
    const getStarted = card(page, 'Basic').getByRole('link', { name: 'Get Started: Basic' });
    // The prerendered card links to /login until the signed-in actions have loaded.
    await expect.poll(() => getStarted.getAttribute('href')).toBe('/address');
    await getStarted.click();
    await page.waitForURL('**/address');
    const state = await page.evaluate(() => (history.state as { usr?: { planId?: string } }).usr);
    expect(state).toEqual({ planId: 'plan_basic_inr' });
  });

  it('while the country is unknown (lookup fails) prices are in dollars', async () => {
    const page = await visitorFrom(INDIA_IP);
    await page.route('**/api/find_ip_add/', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
    await page.goto('/pricing');
    await expect.poll(() => card(page, 'Basic').getByTestId('plan-price').innerText()).toContain('$12.99');
  });
});
