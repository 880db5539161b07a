// A subscribed studio user: a real account (sign-up calls, OTP from the outbox), given a plan by
// the operator command `npm run admin -- grant` on the server's data, then signed in on the page.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signUpViaApi, type TestUser } from './accountsApi';
import { logIn } from './accounts';
import { ROOT } from './server';

const run = promisify(execFile);

interface ServerLike {
  url: string;
  dataDir: string;
}

/** `npm run admin -- grant <email> <plan>` against the test server's data folder. */
export async function grantPlan(server: ServerLike, email: string, plan = 'premium'): Promise<void> {
  await run(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), 'grant', email, plan, '30'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });
}

/** A new subscribed account, signed in on `page` (ends on /face). */
export async function subscribedUser(page: Page, server: ServerLike, tag: string): Promise<TestUser> {
  const user = await signUpViaApi(server, tag);
  await grantPlan(server, user.email);
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/face');
  return user;
}

/** /AIMusic filled with lyrics and `songFile`, ready for Generate Music (once the page has checked the file). */
export async function songReady(page: Page, songFile: string): Promise<void> {
  await page.goto('/AIMusic');
  await page.getByLabel('Lyrics').fill('Morning light on a quiet street');
  const song = page.getByLabel('Song File');
  await song.setInputFiles(songFile);
  await expect.poll(() => song.isEnabled(), { timeout: 30_000 }).toBe(true);
}
