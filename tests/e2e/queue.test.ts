// The queue screen (issue 29) against a real server that runs no jobs (WORKER_CONCURRENCY=0), so
// what is queued stays queued: its empty state, queued jobs with their positions, a batch grouped
// with its progress, moving a job to the front and back, cancelling, re-running a finished job,
// and a change made elsewhere arriving through the service worker's poller. Axe at 390 and 1440.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, newAppContext, serviceWorkerControls, useOwnServer } from './support/browser';
import { checkAtBothSizes } from './support/shots';
import { apiInPage, skipTours, subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const own = useOwnServer({ WORKER_CONCURRENCY: '0' });
let context: BrowserContext;
let page: Page;


const queued = () => page.getByRole('list', { name: 'Queued jobs' });
const row = (name: string) => page.getByRole('listitem', { name: new RegExp(`^${name}: `) });
const rowText = (name: string) => row(name).innerText();
const queuedFace = async (prompt: string) => {
  const res = await apiInPage<{ job_id: string }>(page, '/generate-face-prompt/', { prompt }, { Prefer: 'respond-async' });
  expect(res.status).toBe(202);
  return res.data.job_id;
};

beforeAll(async () => {
  context = await newAppContext(own.browser, { baseURL: own.server.url, viewport: DESKTOP });
  page = await context.newPage();
  await subscribedUser(page, own.server, 'queue');
  await skipTours(page);
});
afterAll(async () => {
  await context?.close();
});

describe('/queue (issue 29)', () => {
  it('says when nothing waits, and is in the sidebar', async () => {
    await page.getByRole('link', { name: 'Queue' }).first().click();
    await page.waitForURL('**/queue');
    await page.getByRole('heading', { name: 'Nothing in your queue' }).waitFor();
    await checkAtBothSizes(page, 'queue-empty');
  });

  let firstId = '';
  it('shows queued jobs with their positions and a batch grouped; moves a job to the front and back', async () => {
    firstId = await queuedFace('A woman with red hair');
    await queuedFace('A woman with a green scarf');
    await queuedFace('A woman in a blue coat');
    const batch = await apiInPage<{ job_ids: string[] }>(page, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'A singer on stage' }, { prompt: 'A singer in a studio' }] });
    expect(batch.status).toBe(202);
    await page.reload();
    await queued().waitFor();
    expect(await queued().getByRole('listitem').count()).toBe(3);
    expect(await rowText('Face 1')).toContain('Number 1 in your queue');
    expect(await rowText('Face 3')).toContain('Number 3 in your queue');
    const card = page.getByRole('region', { name: 'Batch 1: 2 faces' });
    expect(await card.innerText()).toContain('0 of 2 done');
    expect(await card.getByRole('listitem').count()).toBe(2);
    // The batch's two run after the three singles (which of them is "Face 4" goes by id: they were made at once).
    expect(await card.innerText()).toContain('Number 4 in your queue');
    expect(await card.innerText()).toContain('Number 5 in your queue');

    await row('Face 3').getByRole('button', { name: 'Move to front, face 3' }).click();
    await expect.poll(() => rowText('Face 3')).toContain('Number 1 in your queue');
    await expect.poll(() => queued().getByRole('listitem').first().getAttribute('aria-label')).toBe('Face 3: Queued');
    await expect.poll(() => rowText('Face 1')).toContain('Number 2 in your queue');
    await row('Face 3').getByRole('button', { name: 'Move to back, face 3' }).click();
    await expect.poll(() => rowText('Face 3')).toContain('Number 5 in your queue');
    await expect.poll(() => rowText('Face 1')).toContain('Number 1 in your queue');
    // Keyboard alone: Face 2's Move to front, reached by Tab and pressed with Enter.
    const front = row('Face 2').getByRole('button', { name: 'Move to front, face 2' });
    await front.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rowText('Face 2')).toContain('Number 1 in your queue');
    await checkAtBothSizes(page, 'queue-waiting');
  });

  it('cancels a queued job and re-runs it once finished, as a new queued job', async () => {
    await row('Face 2').getByRole('button', { name: 'Cancel face 2' }).click();
    const finished = page.getByRole('list', { name: 'Finished jobs' });
    await expect.poll(() => finished.getByRole('listitem').first().getAttribute('aria-label').catch(() => null)).toBe('Face 2: Canceled');
    await expect.poll(() => queued().getByRole('listitem').count()).toBe(2);
    await expect.poll(() => rowText('Face 1')).toContain('Number 1 in your queue');

    await row('Face 2').getByRole('button', { name: 'Re-run face 2' }).click();
    await expect.poll(() => row('Face 2').getByRole('status').innerText()).toBe('Started again: it is in your queue.');
    await expect.poll(() => queued().getByRole('listitem').count()).toBe(3);
    expect(await row('Face 6').getAttribute('aria-label')).toBe('Face 6: Queued');
    await expect.poll(() => rowText('Face 6')).toContain('Number 5 in your queue');
  });

  it('follows a change made elsewhere through the service worker, without a reload', { timeout: 90_000 }, async () => {
    // The worker installed at the first visit takes the page over once its precache is in (clients.claim).
    await serviceWorkerControls(page);
    const res = await apiInPage(page, `/jobs/${firstId}/cancel`, {});
    expect(res.status).toBe(200);
    await expect.poll(() => row('Face 1').getAttribute('aria-label'), { timeout: 60_000 }).toBe('Face 1: Canceled');
    await expect.poll(() => rowText('Face 3')).toContain('Number 3 in your queue');
    await checkAtBothSizes(page, 'queue-finished');
  });
});
