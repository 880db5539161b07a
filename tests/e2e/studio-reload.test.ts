// A reload in the studio (issue 24 §7): every screen reopens on the tab and gender the user was
// on, and a screen whose job is still running opens on that job, its progress showing without a
// click. The job's polls are answered by the test (a context without a service worker, so
// page.route sees them) until it lets the real server answer.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { collectAlerts } from './support/accounts';
import { DESKTOP, launchChromium, newAppContext } from './support/browser';
import { subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  context = await newAppContext(browser, { baseURL: server.url, viewport: DESKTOP, serviceWorkers: 'block' });
  page = await context.newPage();
  collectAlerts(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const selectedTab = () => page.getByRole('tab', { selected: true }).innerText();
const pressedGender = () => page.getByRole('group', { name: 'Gender' }).getByRole('button', { pressed: true }).innerText();
const runningJob = (progress: number) => ({ job_id: 'held', kind: 'swapVideo', status: 'running', progress, engine: 'local', error: null, created_at: '', updated_at: '', finished_at: null });

describe('a reload in the studio (issue 24)', () => {
  it('face, image and gallery reopen on the tab and gender the user was on', async () => {
    await subscribedUser(page, server, 'reload');
    // The tours are not what these tests are about.
    await page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));
    await page.goto('/face');
    await button('Men').click();
    await page.getByRole('tab', { name: 'Prompt' }).click();
    await page.goto('/image');
    await button('Men').click();
    await page.getByRole('tab', { name: 'Link' }).click();
    await page.goto('/gallery');
    await page.getByRole('tab', { name: 'videos', exact: true }).click();

    await page.reload();
    expect(await selectedTab()).toBe('videos');
    await page.goto('/image');
    expect([await selectedTab(), await pressedGender()]).toEqual(['Link', 'Men']);
    expect(await page.getByLabel('Instagram link').isVisible()).toBe(true);
    await page.goto('/face');
    expect([await selectedTab(), await pressedGender()]).toEqual(['Prompt', 'Men']);
  });

  it('video: a reload during a template job reopens the Template tab with the job\'s progress, and its result arrives there', { timeout: 150_000 }, async () => {
    await page.goto('/face');
    await button('Women').click();
    await page.getByRole('tab', { name: 'Celebrity' }).click();
    for (const [i, name] of ['Zendaya', 'Emma Stone', 'Priyanka Chopra'].entries()) await page.getByLabel(`Celebrity ${i + 1}`).fill(name);
    await button('Generate Face').click();
    await page.getByRole('img', { name: 'Generated face' }).waitFor({ timeout: 60_000 });

    // 37%: the server's progress, far above the video pace (1 point per 4.2 s), so seeing it proves a poll.
    await page.route('**/api/jobs/*', (route) => route.fulfill({ json: runningJob(37) }));
    await page.goto('/video');
    expect(await selectedTab()).toBe('Link');
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'Template 2', exact: true }).click();
    await button('Generate Video').click();
    await expect.poll(() => button(/^Generating\.\.\. \(\d+%\)$/).innerText(), { timeout: 30_000 }).toBe('Generating... (37%)');

    await page.reload();
    // No click: the screen opens on the job, busy, with its progress.
    expect([await selectedTab(), await pressedGender()]).toEqual(['Template', 'Women']);
    expect(await page.getByText("Don't refresh, please wait 10 minutes...").isVisible()).toBe(true);
    await expect.poll(() => button(/^Generating\.\.\. \(\d+%\)$/).innerText()).toBe('Generating... (37%)');

    await page.unroute('**/api/jobs/*');
    await page.locator('video[aria-label="Generated video"]').waitFor({ timeout: 90_000 });
    expect(await selectedTab()).toBe('Template');
    expect(await page.evaluate(() => sessionStorage.getItem('pendingJobs'))).toBe('{}');
  });
});
