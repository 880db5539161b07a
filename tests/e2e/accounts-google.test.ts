// Google sign-in end to end: the server verifies ID tokens against a local JWKS (fake-google.ts)
// exactly as it would Google's. Google's own button needs Google's servers, so the tests hand the
// credential to the page's handler through its documented `persona:google-credential` event.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkTerms, collectAlerts, fieldError, h1, uniqueEmail } from './support/accounts';
import { newAppContext, useOwnServer } from './support/browser';
import { startFakeGoogle, type FakeGoogle } from './support/fake-google';

let google: FakeGoogle;
let context: BrowserContext;
let page: Page;
let alerts: string[];

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google?.stop();
});
// Started after the fake Google, whose addresses it is given.
const own = useOwnServer(() => ({ GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl }));

beforeEach(async () => {
  context = await newAppContext(own.browser, { baseURL: own.server.url });
  page = await context.newPage();
  alerts = collectAlerts(page);
});

afterEach(async () => {
  await context?.close();
});

/** Opens a mode and waits for the Google sign-in group (shown once /app_config/ names a client id). */
async function openWithGoogle(path: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => page.getByRole('group', { name: 'Login with Google' }).count(), { timeout: 10_000 }).toBe(1);
}

function sendCredential(credential: string): Promise<void> {
  return page.evaluate((token) => {
    window.dispatchEvent(new CustomEvent('persona:google-credential', { detail: token }));
  }, credential);
}

const session = () => page.evaluate(() => Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])));

describe('accounts: Google sign-in', () => {
  it('an unknown Google user continues into sign-up (terms required), then later signs in directly', async () => {
    const email = uniqueEmail('google');
    const credential = await google.sign({ email, name: 'Meera Iyer' });
    await openWithGoogle('/login');
    await sendCredential(credential);

    await page.waitForURL('**/signup');
    await expect.poll(() => h1(page)).toBe('Create an Account');
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Meera Iyer');
    const emailField = page.getByLabel('Email', { exact: true });
    expect(await emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(/accept the Terms and Conditions/).count()).toBe(1);
    await checkTerms(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/face');
    expect(await session()).toMatchObject({ userEmail: email, userName: 'Meera Iyer', guideFace: 'false' });
    expect(alerts).toEqual([]);

    // A new visit: the same Google account now signs straight in.
    await page.evaluate(() => sessionStorage.clear());
    await openWithGoogle('/signup');
    await sendCredential(await google.sign({ email, name: 'Meera Iyer' }));
    await page.waitForURL('**/face');
    expect((await session()).userEmail).toBe(email);
  });

  it('a token for another app is refused with the spec message', async () => {
    await openWithGoogle('/login');
    await sendCredential(await google.sign({ email: uniqueEmail('forged'), name: 'Eve' }, { audience: 'someone-else.apps.googleusercontent.com' }));
    await expect.poll(() => alerts).toEqual(['Authentication error. Please try again.']);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await session()).toEqual({});
  });

  it('an unverified Google email is refused', async () => {
    await openWithGoogle('/login');
    await sendCredential(await google.sign({ email: uniqueEmail('unverified'), name: 'Nia', email_verified: false }));
    await expect.poll(() => alerts.length).toBe(1);
    expect(alerts[0]).toMatch(/Authentication error|Google login failed/);
    expect(await fieldError(page, 'Email')).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
