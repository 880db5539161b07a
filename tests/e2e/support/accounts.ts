// Helpers for the accounts browser tests: a private server (its outbox is read for OTP codes),
// alert collection, and sign-up / sign-in through the real page.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { ROOT } from './server';

interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
}

// The server's own outbox reader (newest first); loaded by path because the e2e type project
// does not include server sources.
const MAILER = join(ROOT, 'server', 'src', 'mail', 'mailer.ts');
async function readOutbox(dir: string): Promise<OutboxEntry[]> {
  const mailer = (await import(MAILER)) as { readOutbox: (dir: string) => Promise<OutboxEntry[]> };
  return mailer.readOutbox(dir);
}

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Every window.alert the page raises, accepted and recorded. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

/** The newest code mailed to `email`, newer than `after` codes already seen. */
export async function latestOtp(dataDir: string, email: string, seen: readonly string[] = []): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await readOutbox(join(dataDir, 'outbox'));
        const mail = mails.find((m) => m.to.includes(email));
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code && !seen.includes(code) ? code : '';
      },
      { timeout: 10_000, message: `OTP mail to ${email}` },
    )
    .not.toBe('');
  return code;
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

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
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
