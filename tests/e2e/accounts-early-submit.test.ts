// A login or sign-up sent before the prerendered page's code has run (issue 24 §7), as a password
// manager does when it fills the form and presses the button at once: the app's entry is held
// back by the test while the form is filled and sent, then let through. The page must not be sent
// natively (a GET of the page that loses what was typed), and once the app runs it sends what was
// typed: the login goes through, the sign-up reaches its code screen.
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkTerms, collectAlerts, uniqueEmail } from './support/accounts';
import { signUpViaApi } from './support/accountsApi';
import { launchChromium, PHONE } from './support/browser';

const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
afterEach(async () => {
  await context?.close();
});

interface HeldPage {
  page: Page;
  /** Lets the app's entry load. */
  release: () => void;
  /** Every document and API request the page made, with its body. */
  requests: Request[];
}

/**
 * `path` opened with the app's entry module held back: the prerendered page is all there is.
 * A plain context: the app contexts' goto waits for the app, which is held here.
 */
async function openHeld(path: string): Promise<HeldPage> {
  context = await browser.newContext({ baseURL: server.url, viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  collectAlerts(page);
  const requests: Request[] = [];
  page.on('request', (r) => void ((r.isNavigationRequest() || r.url().includes('/api/')) && requests.push(r)));
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = () => undefined as void;
  const entryAsked = new Promise<void>((resolve) => (asked = resolve));
  const entry = /<script src="[^"]+" data-entry="([^"]+)"/.exec(await (await fetch(`${server.url}${path}`)).text())?.[1];
  expect(entry).toBeTruthy();
  await context.route(`**${entry}`, async (route) => {
    asked();
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  // The boot script has run and asked for the entry: the app's code is on its way, not here.
  await entryAsked;
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'))).toBe(false);
  return { page, release, requests };
}

/** What the form would send natively: no field of it is named, so not the password either. */
const nativeFields = (page: Page) => page.evaluate(() => [...new FormData(document.querySelector('form')!).keys()]);

describe('a login or sign-up sent before the page\'s code has loaded (issue 24)', () => {
  it('login: held, not sent as a GET, then sent with what was typed once the app runs', async () => {
    const user = await signUpViaApi(server, 'early-login');
    const { page, release, requests } = await openHeld('/login');
    expect(await nativeFields(page)).toEqual([]);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // Held, and shown as waiting.
    expect(await page.locator('form').getAttribute('data-early-submit')).toBe('held');
    expect(await page.getByRole('button', { name: 'Login', exact: true }).evaluate((b) => getComputedStyle(b).cursor)).toBe('progress');

    release();
    await page.waitForURL('**/face');
    const documents = requests.filter((r) => r.isNavigationRequest()).map((r) => new URL(r.url()).pathname + new URL(r.url()).search);
    expect(documents[0]).toBe('/login');
    // The login page was never loaded again (a native submission), and no URL carried the password.
    expect(documents.filter((d) => d.startsWith('/login'))).toEqual(['/login']);
    expect(requests.map((r) => r.url()).filter((u) => u.includes(user.password))).toEqual([]);
    const login = requests.find((r) => r.url().endsWith('/api/manual_login/'));
    expect(login?.postDataJSON()).toEqual({ email: user.email, password: user.password });
  });

  it('login filled before the code ran (a password manager at load) and sent after: what was typed is sent', async () => {
    const user = await signUpViaApi(server, 'early-fill');
    const { page, release, requests } = await openHeld('/login');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    release();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/face');
    expect(requests.find((r) => r.url().endsWith('/api/manual_login/'))?.postDataJSON()).toEqual({ email: user.email, password: user.password });
  });

  it('sign-up: name, email, password and the ticked terms box survive, and the code is sent', async () => {
    const email = uniqueEmail('early-signup');
    const { page, release, requests } = await openHeld('/signup');
    expect(await nativeFields(page)).toEqual([]);
    await page.getByLabel('Name', { exact: true }).fill('Meera Iyer');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('early-pass-1');
    await checkTerms(page);
    // Enter in the password field: the browser's own way of sending a form.
    await page.getByLabel('Password', { exact: true }).press('Enter');

    release();
    await page.waitForURL('**/otpverification');
    const created = requests.find((r) => r.url().endsWith('/api/create_profile/'));
    expect(created?.postDataJSON()).toMatchObject({ name: 'Meera Iyer', email, password: 'early-pass-1' });
    expect(requests.filter((r) => r.isNavigationRequest()).map((r) => new URL(r.url()).pathname + new URL(r.url()).search)).toEqual(['/signup']);
  });
});
