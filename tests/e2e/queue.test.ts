// The queue screen (issue 29) against a real server that runs no jobs (WORKER_CONCURRENCY=0), so
// what is queued stays queued: its empty state, queued jobs with their positions, a batch grouped
// with its progress, moving a job to the front and back, cancelling, re-running a finished job,
// and a change made elsewhere arriving through the service worker's poller. Issue 45: rows named by
// their words in queue order, batches by time and first words with items in order and names that
// stay, and a job without progress shown by its elapsed time. Axe at 390 and 1440.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, newAppContext, serviceWorkerControls, useOwnServer } from './support/browser';
import type { JobView } from '../../contract/studio';
import { freezeClock } from './support/clock';
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
  context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP });
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
  it('shows queued jobs named by their words with their positions, and a batch named by its time and first words, its items in order; moves a job to the front and back', async () => {
    firstId = await queuedFace('A woman with red hair');
    await queuedFace('A woman with a green scarf');
    await queuedFace('A woman in a blue coat');
    // A premium plan makes 6 faces: three singles, a batch of two, later a batch of one.
    const batch = await apiInPage<{ job_ids: string[] }>(page, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'A singer on stage' }, { prompt: 'A singer in a studio' }] });
    expect(batch.status).toBe(202);
    await page.reload();
    await queued().waitFor();
    expect(await queued().getByRole('listitem').count()).toBe(3);
    // Issue 45: rows read like the work, in queue order.
    expect(await queued().getByRole('listitem').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')))).toEqual([
      'A woman with red hair: Queued', 'A woman with a green scarf: Queued', 'A woman in a blue coat: Queued',
    ]);
    expect(await rowText('A woman with red hair')).toContain('Number 1 in your queue');
    expect(await rowText('A woman in a blue coat')).toContain('Number 3 in your queue');
    // The batch: named by its time and first words; its items in item order.
    const card = page.getByRole('region', { name: /^Batch at \d{1,2}:\d{2}( [AP]M)?: A singer on stage$/ });
    expect(await card.innerText()).toContain('2 faces · 0 of 2 done');
    expect(await card.innerText()).toContain('Number 4 in your queue');
    const items = () => card.getByRole('listitem').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label')!.replace(/: .*$/, '')));
    await expect.poll(items).toEqual(['A singer on stage', 'A singer in a studio']);
    // Not "Nothing in your queue" above a list of jobs.
    expect(await page.getByRole('heading', { name: 'Nothing in your queue' }).count()).toBe(0);
    // The batch's second item moved to the front runs first, but its batch still reads in item order.
    await row('A singer in a studio').getByRole('button', { name: 'Move to front, a singer in a studio' }).click();
    await expect.poll(() => rowText('A singer in a studio')).toContain('Number 1 in your queue');
    await expect.poll(() => rowText('A singer on stage')).toContain('Number 5 in your queue');
    expect(await items()).toEqual(['A singer on stage', 'A singer in a studio']);
    const batchName = await card.getByRole('heading').innerText();
    // Another batch arrives: the first keeps its name.
    expect((await apiInPage(page, '/batches', { call: '/generate-face-prompt/', items: [{ prompt: 'A dancer in red' }] })).status).toBe(202);
    await page.reload();
    await page.getByRole('region', { name: /: A dancer in red$/ }).waitFor();
    expect(await card.getByRole('heading').innerText()).toBe(batchName);
    await row('A singer in a studio').getByRole('button', { name: 'Move to back, a singer in a studio' }).click();
    await expect.poll(() => rowText('A singer in a studio')).toContain('Number 6 in your queue');

    await row('A woman in a blue coat').getByRole('button', { name: 'Move to front, a woman in a blue coat' }).click();
    await expect.poll(() => rowText('A woman in a blue coat')).toContain('Number 1 in your queue');
    await expect.poll(() => queued().getByRole('listitem').first().getAttribute('aria-label')).toBe('A woman in a blue coat: Queued');
    await expect.poll(() => rowText('A woman with red hair')).toContain('Number 2 in your queue');
    await row('A woman in a blue coat').getByRole('button', { name: 'Move to back, a woman in a blue coat' }).click();
    await expect.poll(() => rowText('A woman in a blue coat')).toContain('Number 6 in your queue');
    await expect.poll(() => rowText('A woman with red hair')).toContain('Number 1 in your queue');
    // Keyboard alone: the green scarf's Move to front, reached by Tab and pressed with Enter.
    const front = row('A woman with a green scarf').getByRole('button', { name: 'Move to front, a woman with a green scarf' });
    await front.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rowText('A woman with a green scarf')).toContain('Number 1 in your queue');
    await checkAtBothSizes(page, 'queue-waiting');
  });

  it('cancels a queued job and re-runs it once finished, as a new queued job told apart from the first', async () => {
    await row('A woman with a green scarf').getByRole('button', { name: 'Cancel a woman with a green scarf' }).click();
    const finished = page.getByRole('list', { name: 'Finished jobs' });
    await expect.poll(() => finished.getByRole('listitem').first().getAttribute('aria-label').catch(() => null)).toBe('A woman with a green scarf: Canceled');
    await expect.poll(() => queued().getByRole('listitem').count()).toBe(2);
    await expect.poll(() => rowText('A woman with red hair')).toContain('Number 1 in your queue');

    await row('A woman with a green scarf').getByRole('button', { name: 'Re-run a woman with a green scarf' }).click();
    await expect.poll(() => row('A woman with a green scarf').getByRole('status').innerText()).toBe('Started again: it is in your queue.');
    await expect.poll(() => queued().getByRole('listitem').count()).toBe(3);
    expect(await row('A woman with a green scarf \\(2\\)').getAttribute('aria-label')).toBe('A woman with a green scarf (2): Queued');
    await expect.poll(() => rowText('A woman with a green scarf \\(2\\)')).toContain('Number 6 in your queue');
  });

  it('follows a change made elsewhere through the service worker, without a reload', { timeout: 90_000 }, async () => {
    // The worker installed at the first visit takes the page over once its precache is in (clients.claim).
    await serviceWorkerControls(page);
    const res = await apiInPage(page, `/jobs/${firstId}/cancel`, {});
    expect(res.status).toBe(200);
    // The page back in front asks the worker again, and the worker polls at once (not at its
    // backoff, up to 30 s later): the change arrives on that event.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect.poll(() => row('A woman with red hair').getAttribute('aria-label')).toBe('A woman with red hair: Canceled');
    await expect.poll(() => rowText('A woman in a blue coat')).toContain('Number 4 in your queue');
    await checkAtBothSizes(page, 'queue-finished');
  });
});

// A job whose engine reports no progress (a face-swap video runs at 0% to its end): the list is
// the server's answer with one such job in it (GET /api/jobs stubbed, no service worker), and the
// page's clock is moved by hand, so the elapsed time is checked without waiting.
describe('/queue, a job that reports no progress (issue 45)', () => {
  let ctx: BrowserContext;
  let p: Page;
  // The page's clock starts at the real time (a session's tokens are judged by it).
  let FROM = 0;
  const running = (startedAt: string): JobView => ({
    job_id: 'j-swap', kind: 'swapVideo', status: 'running', progress: 0, engine: 'local', error: null, created_at: startedAt, updated_at: startedAt,
    finished_at: null, batch_id: null, position: null, eta_seconds: null, started_at: startedAt, source: { kind: 'template', text: 'Beach walk' }, input_urls: ['/icons/icon-192.png'],
  });

  beforeAll(async () => {
    ctx = await newAppContext(own.browser, { baseURL: own.server.url, viewport: DESKTOP, serviceWorkers: 'block' });
    p = await ctx.newPage();
    await subscribedUser(p, own.server, 'queue-noprogress');
    FROM = Date.now();
    await p.clock.install({ time: FROM });
    const startedAt = new Date(FROM - 60_000).toISOString();
    // Beside it, a finished song: its row says its result's length.
    const song: JobView = {
      ...running(startedAt), job_id: 'j-song', kind: 'music', status: 'succeeded', progress: 100, finished_at: startedAt, source: { kind: 'lyrics', text: 'Morning light' },
      input_urls: [], result_size: { width: null, height: null, duration_seconds: 72.4 }, output_url: '/media/gen/song.mp3',
    };
    await p.route((url) => url.pathname === '/api/jobs', (route) => route.fulfill({ json: { jobs: [running(startedAt), song], next_cursor: null } }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('shows its words, its input, the time it has run and an indeterminate bar, never a frozen 0%', async () => {
    await p.goto('/queue');
    const swap = p.getByRole('listitem', { name: 'Beach walk: Running' });
    await swap.waitFor();
    expect(await swap.innerText()).not.toContain('0%');
    // What made it and how (issue 45): kind, engine and the day it was asked for; a finished one its result's size.
    const day = await p.evaluate((at) => new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }), FROM - 60_000);
    expect(await swap.innerText()).toContain(`Face swap video · Local engine · ${day}`);
    expect(await p.getByRole('listitem', { name: 'Morning light: Done' }).innerText()).toContain('Song · Local engine · 1:12');
    const bar = swap.getByRole('progressbar', { name: 'Beach walk progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBeNull();
    expect(await swap.locator('img[src="/icons/icon-192.png"]').count()).toBe(1);
    await freezeClock(p);
    const now = await p.evaluate(() => Date.now());
    // Between one and two minutes run: "Running for 1 min 9 s".
    const shown = (at: number) => {
      const s = Math.floor((at - (FROM - 60_000)) / 1000);
      return `Running for ${Math.floor(s / 60)} min ${s % 60} s`;
    };
    await p.clock.runFor(10_000);
    // The clock ticks once a second: the last tick is in the last second of the ten.
    await expect.poll(() => swap.innerText()).toMatch(new RegExp(`${shown(now + 9000)}|${shown(now + 10_000)}`));
    // Frames run again (a paused clock holds requestAnimationFrame) for the screens and axe.
    await p.clock.resume();
    await checkAtBothSizes(p, 'queue-no-progress');
  });
});
