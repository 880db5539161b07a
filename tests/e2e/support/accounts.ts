// Helpers for the accounts browser tests: alert collection, sign-up through the real page (the
// OTP read from the server's outbox by accountsApi.ts), terms and field errors.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { latestOtp } from './accountsApi';

export { latestOtp, logIn, uniqueEmail } from './accountsApi';

/** Every window.alert the page raises, accepted and recorded. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

export async function fillOtp(page: Page, code: string): Promise<void> {
  for (let i = 0; i < 6; i += 1) await page.getByLabel(`Digit ${i + 1}`, { exact: true }).fill(code[i]);
}

export const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

/** Sign-up through the page, OTP read from the outbox; ends on /face. */
export async function signUp(page: Page, dataDir: string, user: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name', { exact: true }).fill(user.name);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await checkTerms(page);
  await page.getByRole('button', { name: 'Create an Account' }).click();
  await page.waitForURL('**/otpverification');
  await fillOtp(page, await latestOtp(dataDir, user.email));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await page.waitForURL('**/face');
}

/** Ticks the terms box the way a person does: by its label. */
export async function checkTerms(page: Page): Promise<void> {
  await page.getByText('I agree to the').click({ position: { x: 6, y: 8 } });
  await expect.poll(() => page.getByRole('checkbox').isChecked()).toBe(true);
}

/** The validation message shown under the field labelled `label` ('' when it has none). */
export function fieldError(page: Page, label: string): Promise<string> {
  return page
    .getByLabel(label, { exact: true })
    .evaluate((el) => {
      const id = el.getAttribute('aria-errormessage');
      if (!id || el.getAttribute('aria-invalid') !== 'true') return '';
      return document.getElementById(id)?.textContent ?? '';
    });
}
