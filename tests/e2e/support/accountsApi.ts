// Real accounts made through the server's own sign-up calls (create_profile, send_otp, the code
// from the mail outbox, verify_otp), then signed in through the login page like a person. No
// vitest here: scripts (make-screenshots) sign in with these too.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

/** The newest code mailed to `email` that is not one of `seen`, waited for up to 10 s. */
export async function latestOtp(dataDir: string, email: string, seen: readonly string[] = []): Promise<string> {
  // timing-ok: poll interval of a poll with a deadline
  for (const deadline = Date.now() + 10_000; ; await new Promise((r) => setTimeout(r, 100))) {
    const mails = await readOutbox(join(dataDir, 'outbox'));
    const code = /\b(\d{6})\b/.exec(mails.find((m) => m.to.includes(email))?.text ?? '')?.[1] ?? '';
    if (code && !seen.includes(code)) return code;
    if (Date.now() > deadline) throw new Error(`no new OTP mail to ${email} within 10 s`);
  }
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

interface ServerLike {
  url: string;
  dataDir: string;
}

async function post<T>(server: ServerLike, path: string, body: object): Promise<T> {
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(data)}`);
  return data;
}

/** A verified account, made without a browser. */
export async function signUpViaApi(server: ServerLike, tag: string, name = 'Asha Rao'): Promise<TestUser> {
  const user = { name, email: uniqueEmail(tag), password: 'secret-pass-1' };
  const created = await post<{ signup_token?: string }>(server, '/create_profile/', { email: user.email, name: user.name, password: user.password });
  await post(server, '/send_otp/', { email: user.email });
  const otp = await latestOtp(server.dataDir, user.email);
  await post(server, '/verify_otp/', { email: user.email, otp, signup_token: created.signup_token });
  return user;
}

/** A new account, signed in on `page` through the login form (ends on /face). */
export async function signedInUser(page: Page, server: ServerLike, tag: string, name?: string): Promise<TestUser> {
  const user = await signUpViaApi(server, tag, name);
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/face');
  return user;
}
