// Profile → API keys & webhooks (issue 30) in Chromium, by keyboard: a key made (shown once, copy
// button; issue 45: whole in a monospace box at 390 px), used against the API, revoked after a confirmation; an endpoint refused by the SSRF guard, then added with
// its secret shown once, and deleted. axe-clean with the lists full and the secret showing, on a
// phone and a desktop; screenshots for the eye when STUDIO_SHOTS_DIR is set. And /api/docs renders
// under the app's CSP with no request leaving our origin.
import { describe, expect, inject, it } from 'vitest';
import { signedInUser } from './support/accountsApi';
import { axeViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { shoot } from './support/shots';

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('API keys & webhooks on the %s', (name, viewport) => {
  const f = useBrowser(viewport);

  it('makes, uses and revokes a key and adds and deletes an endpoint by keyboard; axe-clean', async () => {
    const { page } = f;
    await f.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInUser(page, { url: f.baseURL, dataDir: inject('dataDir') }, `dev-${name}`, 'Asha');
    await page.goto('/profile');
    const keys = page.getByRole('region', { name: 'API keys', exact: true });
    await expect.poll(() => keys.getByText('No API keys yet.').isVisible()).toBe(true);

    await keys.getByLabel('Key name').focus();
    await page.keyboard.type('agency CMS');
    await page.keyboard.press('Enter');
    const secret = keys.getByLabel(/Your new API key/);
    await expect.poll(() => secret.isVisible()).toBe(true);
    const key = await secret.inputValue();
    expect(key).toMatch(/^psk_[A-Za-z0-9_-]{43}$/);
    // Issue 45: the whole key shows in its monospace box, wrapped rather than cut (no scrolling inside, nothing past the screen).
    const box = await secret.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { font: getComputedStyle(el).fontFamily, scrolls: el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1, right: r.right, screen: document.documentElement.clientWidth };
    });
    expect(box.font).toMatch(/mono/i);
    expect(box.scrolls).toBe(false);
    expect(box.right).toBeLessThanOrEqual(box.screen);
    await keys.getByRole('button', { name: 'Copy' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => keys.getByRole('status').filter({ hasText: /Copied|Could not copy/ }).count()).toBe(1);
    await expect.poll(() => keys.getByRole('listitem').filter({ hasText: 'agency CMS' }).count()).toBe(1);

    const used = await page.evaluate(async (k) => (await fetch('/api/jobs', { headers: { authorization: `Bearer ${k}` } })).status, key);
    expect(used).toBe(200);

    const hooks = page.getByRole('region', { name: 'Webhook endpoints', exact: true });
    await hooks.getByLabel('Endpoint URL').focus();
    await page.keyboard.type('http://169.254.169.254/latest');
    await page.keyboard.press('Enter');
    await expect.poll(() => hooks.getByText(/cannot receive webhooks/).isVisible()).toBe(true);
    await hooks.getByRole('checkbox', { name: 'batch.completed' }).focus();
    await page.keyboard.press('Space');
    expect(await hooks.getByRole('checkbox', { name: 'batch.completed' }).isChecked()).toBe(false);
    await hooks.getByLabel('Endpoint URL').fill('');
    await hooks.getByLabel('Endpoint URL').focus();
    await page.keyboard.type('http://93.184.215.14/persona-hooks');
    await page.keyboard.press('Enter');
    const signing = hooks.getByLabel(/Your new signing secret/);
    await expect.poll(() => signing.isVisible()).toBe(true);
    expect(await signing.inputValue()).toMatch(/^whsec_/);
    await expect.poll(() => hooks.getByText('no deliveries yet').isVisible()).toBe(true);
    expect(await hooks.getByRole('listitem').getByText('job.succeeded, job.failed, job.canceled', { exact: true }).count()).toBe(1);

    expect(await axeViolations(page, '/profile (keys and endpoints)')).toEqual([]);
    await page.getByRole('heading', { name: 'API keys & webhooks' }).scrollIntoViewIfNeeded();
    await shoot(page, `developer-${viewport.width}.png`);

    await keys.getByRole('button', { name: 'Done' }).click();
    await expect.poll(() => secret.count()).toBe(0);
    // Revoking asks first (issue 45): Cancel keeps the key; the dialog's Revoke revokes it.
    await keys.getByRole('button', { name: 'Revoke key agency CMS' }).focus();
    await page.keyboard.press('Enter');
    const ask = page.getByRole('alertdialog', { name: 'Revoke key agency CMS?' });
    await ask.waitFor();
    expect(await axeViolations(page, '/profile (revoke asked)')).toEqual([]);
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => ask.count()).toBe(0);
    expect(await page.evaluate(async (k) => (await fetch('/api/jobs', { headers: { authorization: `Bearer ${k}` } })).status, key)).toBe(200);
    await keys.getByRole('button', { name: 'Revoke key agency CMS' }).click();
    await ask.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect.poll(() => keys.getByText('No API keys yet.').isVisible()).toBe(true);
    expect(await page.evaluate(async (k) => (await fetch('/api/jobs', { headers: { authorization: `Bearer ${k}` } })).status, key)).toBe(401);

    await hooks.getByRole('button', { name: 'Delete endpoint http://93.184.215.14/persona-hooks' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Delete endpoint http://93.184.215.14/persona-hooks?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => hooks.getByText('No webhook endpoints yet.').isVisible()).toBe(true);
    expect(await axeViolations(page, '/profile (empty lists)')).toEqual([]);
  }, 120_000);

  it('/api/docs renders the reference under the CSP, from our origin only', async () => {
    const { page } = f;
    const outside: string[] = [];
    const csp: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(f.baseURL) && !r.url().startsWith('data:')) outside.push(r.url());
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) csp.push(m.text());
    });
    await page.goto('/api/docs/');
    await expect.poll(() => page.getByText('Your first job in five minutes').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(10);
    await shoot(page, `api-docs-${viewport.width}.png`);
    expect(outside).toEqual([]);
    expect(csp).toEqual([]);
  }, 60_000);
});
