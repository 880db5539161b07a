// A subscribed studio user: a real account (sign-up calls, OTP from the outbox), given a plan by
// the operator command's code (`npm run admin -- grant`) on the server's data, then signed in on the page.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { runAdmin } from '../../../server/src/admin.ts';
import { signUpViaApi, type TestUser } from './accountsApi';
import { logIn } from './accounts';
import { ROOT } from './server';

const run = promisify(execFile);

interface ServerLike {
  url: string;
  dataDir: string;
}

const adminEnv = (server: ServerLike) => ({ ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, DATABASE_URL: '' });

/**
 * `npm run admin -- grant <email> <plan> 30` against the test server's data folder, run in this
 * process (runAdmin, the command's own code): a process of its own per grant was about 1.1 s and
 * 1.9 s of CPU, 26 times a run (issue 42). `viaCommand` runs the real command line instead
 * (scripts/admin.mjs), which one browser file does so the operator's entry stays covered.
 */
export async function grantPlan(server: ServerLike, email: string, plan = 'premium', { viaCommand = false } = {}): Promise<void> {
  if (viaCommand) {
    await run(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), 'grant', email, plan, '30'], { cwd: ROOT, env: adminEnv(server) });
    return;
  }
  const said: string[] = [];
  const code = await runAdmin(['grant', email, plan, '30'], adminEnv(server), { out: (line) => said.push(line), err: (line) => said.push(line) });
  if (code !== 0) throw new Error(`admin grant ${email} ${plan} exited ${code}: ${said.join(' ')}`);
}

/** A new subscribed account, signed in on `page` (ends on /face). */
export async function subscribedUser(page: Page, server: ServerLike, tag: string, grant: { viaCommand?: boolean } = {}): Promise<TestUser> {
  const user = await signUpViaApi(server, tag);
  await grantPlan(server, user.email, 'premium', grant);
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

/** The page's `security-key` header value (src/lib/clientSecrets.ts: the SHA-256 of the default client secret). */
const SECURITY_KEY = createHash('sha256').update('persona-studio-client').digest('hex');

/**
 * A call to the API from inside the signed-in page, with its session's bearer token, user_id and
 * security key, as the page's own client sends them: for setting up jobs a test then looks at.
 */
export async function apiInPage<T>(page: Page, path: string, body: Record<string, unknown> | null, headers: Record<string, string> = {}): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ path, body, headers, key }) => {
      const token = sessionStorage.getItem('accessToken') ?? '';
      const userId = sessionStorage.getItem('userId') ?? '';
      const res = await fetch(`/api${path}`, {
        method: body === null ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${token}`, 'security-key': key, ...(body === null ? {} : { 'content-type': 'application/json' }), ...headers },
        body: body === null ? undefined : JSON.stringify({ user_id: userId, ...body }),
      });
      return { status: res.status, data: await res.json().catch(() => null) };
    },
    { path, body, headers, key: SECURITY_KEY },
  ) as Promise<{ status: number; data: T }>;
}

/** Opens a gallery item's details by its link, presses "Use these settings" (issue 45) and waits for the screen it opens. */
export async function useSettingsOf(page: Page, id: string, screen: string): Promise<void> {
  await page.goto(`/gallery?item=${encodeURIComponent(id)}`);
  await page.getByRole('dialog', { name: /^Details of / }).getByRole('region', { name: 'Settings' }).waitFor();
  await page.getByRole('button', { name: 'Use these settings', exact: true }).click();
  await page.waitForURL(`**${screen}`);
}

/** The name of the file a file field holds now ('' when none). */
export const fileIn = (page: Page, label: string) => page.getByLabel(label, { exact: true }).evaluate((input) => (input as HTMLInputElement).files?.[0]?.name ?? '');

/** Marks the studio's tours as seen in this tab, so they do not open over the screens under test. */
export const skipTours = (page: Page) => page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));

/** Another tab of an existing user: signed in through the login form (ends on /face), its tours marked seen. */
export async function logInWithoutTours(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  await logIn(page, user.email, user.password);
  await page.waitForURL('**/face');
  await skipTours(page);
}
