// Batches and the gallery search on the page (issue 29): a subscribed user (real sign-up, a plan
// granted by the operator command) picks several templates and gets a grid of results as they
// finish, sends 30 prompts as one batch, meets the plan's refusal of a batch it cannot cover,
// makes a batch offline that waits in the outbox until the network returns, then searches the
// gallery by words, kind and date, with the next page loaded on scroll. Real
// server, local engine, built app, one signed-in page shared in order.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DESKTOP, newAppContext, useOwnServer } from './support/browser';
import { checkAtBothSizes } from './support/shots';
import { apiInPage, skipTours, subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 60_000 } } });

const own = useOwnServer();
let context: BrowserContext;
let page: Page;

const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });


beforeAll(async () => {
  context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP });
  page = await context.newPage();
  page.on('dialog', (d) => void d.dismiss());
  await subscribedUser(page, own.server, 'batches');
  await skipTours(page);
  // A face to put on the templates (the call answers once the job is done).
  const face = await apiInPage<{ output?: string }>(page, '/generate-face-prompt/', { prompt: 'A calm woman with short dark hair' });
  expect(face.status).toBe(200);
});
afterAll(async () => {
  await context?.close();
});

describe('batch builders (issue 29)', () => {
  it('several templates on /image make one batch whose results fill a grid as they finish', { timeout: 120_000 }, async () => {
    await page.goto('/image');
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    for (const n of [1, 2, 3]) await page.getByRole('button', { name: `Template ${n}`, exact: true }).click();
    // A second press takes a template out again.
    await page.getByRole('button', { name: 'Template 2', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Template 2', exact: true }).getAttribute('aria-pressed')).toBe('false');
    await page.getByRole('button', { name: 'Template 4', exact: true }).click();
    await button('Generate 3 images').click();
    const grid = page.getByRole('list', { name: 'Your images' });
    await grid.waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => grid.getByRole('img').count()).toBe(3);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'of 3 done' }).innerText()).toBe('3 of 3 done');
    expect(await page.getByRole('progressbar', { name: 'All images' }).getAttribute('aria-valuenow')).toBe('100');
    await checkAtBothSizes(page, 'image-template-batch');
  });

  it('several templates on /video make a batch, followed again after a reload in the middle', { timeout: 180_000 }, async () => {
    await page.goto('/video');
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    for (const n of [1, 2]) await page.getByRole('button', { name: `Template ${n}`, exact: true }).click();
    await button('Generate 2 videos').click();
    await page.getByRole('list', { name: 'Your videos' }).waitFor();
    await page.reload();
    const grid = page.getByRole('list', { name: 'Your videos' });
    await grid.waitFor();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'of 2 done' }).innerText(), { timeout: 150_000 }).toBe('2 of 2 done');
    for (const n of [1, 2]) expect(await grid.getByLabel(`Video ${n}`, { exact: true }).getAttribute('src')).toMatch(/\/media\/gen\//);
  });

  it('several prompt lines make one batch; a batch the plan cannot cover is refused with the server\'s message', { timeout: 240_000 }, async () => {
    await page.goto('/image');
    await page.getByRole('tab', { name: 'Prompt' }).click();
    await page.getByLabel('Pose').selectOption('Selfie');
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    const prompt = page.getByRole('textbox', { name: 'Prompt' });
    await prompt.fill(Array.from({ length: 30 }, (_, i) => `In a sunflower field, look ${i + 1}`).join('\n'));
    await button('Generate 30 images').click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'of 30 done' }).innerText(), { timeout: 200_000 }).toBe('30 of 30 done');
    expect(await page.getByRole('list', { name: 'Your images' }).getByRole('img').count()).toBe(30);
    await button('Close').click();

    // 33 of Premium's 80 images are used: 50 more cannot be covered, and nothing is made.
    await prompt.fill(Array.from({ length: 50 }, (_, i) => `On a beach, look ${i + 1}`).join('\n'));
    await button('Generate 50 images').click();
    const refusal = page.getByRole('alert').filter({ hasText: 'This batch needs' });
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/^This batch needs 50 image generations; your Premium plan has 47 left this period \(it ends on \d{4}-\d{2}-\d{2}\)\.$/);
    await checkAtBothSizes(page, 'image-batch-refused');
  });
});

describe('gallery search (issue 29)', () => {
  it('finds by words, pages on scroll, filters by kind and date, and returns to the tabs when cleared', { timeout: 120_000 }, async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/gallery');
    await page.getByRole('tablist', { name: 'Gallery' }).waitFor();
    const search = page.getByRole('search', { name: 'Search your gallery' });
    await search.getByRole('searchbox', { name: 'Search' }).fill('SUNFLOWER field');
    await search.getByRole('checkbox', { name: 'faces' }).uncheck();
    await search.getByRole('button', { name: 'Search', exact: true }).press('Enter');
    const found = page.getByRole('list', { name: 'Found images' });
    await found.waitFor();
    // The first page (24), then the rest as the end of the list comes into view.
    expect(await found.getByRole('listitem').count()).toBe(24);
    expect(await page.getByRole('status').filter({ hasText: 'found' }).innerText()).toBe('24+ items found');
    await button('Load more').scrollIntoViewIfNeeded();
    await expect.poll(() => found.getByRole('listitem').count()).toBe(30);
    expect(await button('Load more').count()).toBe(0);
    expect(await page.getByRole('status').filter({ hasText: 'found' }).innerText()).toBe('30 items found');
    await checkAtBothSizes(page, 'gallery-search');

    // Only faces: none of them has these words.
    await page.setViewportSize(DESKTOP);
    await search.getByRole('checkbox', { name: 'faces' }).check();
    await search.getByRole('checkbox', { name: 'images' }).uncheck();
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'matches' }).innerText().catch(() => '')).toBe('Nothing in your gallery matches this search.');

    // Images again, but only from tomorrow on: nothing yet.
    await search.getByRole('checkbox', { name: 'images' }).check();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await search.getByLabel('From', { exact: true }).fill(tomorrow);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'matches' }).innerText().catch(() => '')).toBe('Nothing in your gallery matches this search.');
    // Up to today: the 30 again, the face still left out by its words.
    await search.getByLabel('From', { exact: true }).fill('');
    await search.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await found.waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Found faces' }).count()).toBe(0);

    await button('Clear search').click();
    await page.getByRole('tablist', { name: 'Gallery' }).waitFor();
    expect(await page.getByRole('list', { name: 'Your faces' }).getByRole('listitem').count()).toBe(1);
  });

  it('re-runs a gallery item\'s job as a new one, with a link to the queue', { timeout: 90_000 }, async () => {
    const before = await apiInPage<{ jobs: { job_id: string; kind: string }[] }>(page, '/jobs?limit=100', null);
    const faces = page.getByRole('list', { name: 'Your faces' });
    await faces.getByRole('button', { name: 'Re-run face 1' }).click();
    const status = faces.getByRole('listitem').first().getByRole('status').filter({ hasText: /Started again|offline|failed|job/ });
    await expect.poll(() => status.innerText()).toBe('Started again: see it in your queue');
    const after = await apiInPage<{ jobs: { job_id: string; kind: string }[] }>(page, '/jobs?limit=100', null);
    const known = new Set(before.data.jobs.map((j) => j.job_id));
    const made = after.data.jobs.filter((j) => !known.has(j.job_id));
    expect(made.map((j) => j.kind)).toEqual(['face']);
    // It runs to the end (the offline search below counts its face).
    await expect.poll(async () => (await apiInPage<{ status: string }>(page, `/jobs/${made[0]!.job_id}`, null)).data.status, { timeout: 60_000 }).toBe('succeeded');
    await status.getByRole('link', { name: 'see it in your queue' }).click();
    await page.waitForURL('**/queue');
  });
});

describe('the queue while a batch runs (issue 29)', () => {
  it('groups the batch with its progress and fills in each result as it ends, without a reload', { timeout: 180_000 }, async () => {
    await page.goto('/video');
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    for (const n of [3, 4]) await page.getByRole('button', { name: `Template ${n}`, exact: true }).click();
    await button('Generate 2 videos').click();
    await page.getByRole('list', { name: 'Your videos' }).waitFor();
    await page.getByRole('link', { name: 'Queue' }).first().click();
    // Issue 45: named by its time and first words (its first template's name); the batch that runs is listed first.
    const first = page.getByRole('region', { name: /^Batch at / }).first();
    await first.waitFor();
    const name = (await first.getByRole('heading').innerText()).trim();
    const card = page.getByRole('region', { name, exact: true });
    expect(await card.innerText()).toContain('2 face swap videos');
    await expect.poll(() => card.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => card.getByRole('link', { name: /^Play the video/ }).count(), { timeout: 150_000 }).toBe(2);
    expect(await card.innerText()).toContain('2 of 2 done');
    expect(await card.getByRole('progressbar', { name: `${name} progress` }).getAttribute('aria-valuenow')).toBe('100');
    await checkAtBothSizes(page, 'queue-batch-done');
  });
});

/** How many requests wait in this origin's outbox (IndexedDB persona-outbox/requests, outbox.ts). */
const outboxSize = () =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('persona-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) return resolve(0);
          const count = db.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

describe('a batch made offline (issue 29, the outbox of issue 15)', () => {
  it('waits in the outbox as queued (dropped: nothing sent), outlives a reload, and is sent once when the network returns', { timeout: 180_000 }, async () => {
    const jobIds = async () => (await apiInPage<{ jobs: { job_id: string; batch_id: string | null }[] }>(page, '/jobs?limit=100', null)).data.jobs;
    const known = new Set((await jobIds()).map((j) => j.job_id));
    await page.setViewportSize(DESKTOP);
    await page.goto('/image');
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    for (const n of [5, 6]) await page.getByRole('button', { name: `Template ${n}`, exact: true }).click();
    await context.setOffline(true);
    const queued = page.getByRole('status').filter({ hasText: 'Saved offline' });
    const message = 'Saved offline: this batch of 2 images will be sent when you are back online.';
    await button('Generate 2 images').click();
    await expect.poll(() => queued.innerText().catch(() => '')).toBe(message);
    expect(await outboxSize()).toBe(1);
    // Dropped: it leaves the outbox and is never sent.
    await button('Cancel batch').click();
    await expect.poll(() => queued.count()).toBe(0);
    expect(await outboxSize()).toBe(0);

    await button('Generate 2 images').click();
    await expect.poll(() => queued.innerText().catch(() => '')).toBe(message);
    // The gallery lists it under Queued, and a reload (still offline) shows it again from the outbox.
    await page.goto('/gallery');
    await expect.poll(() => page.getByRole('region', { name: 'Queued' }).getByRole('listitem').innerText()).toContain('Image from a template (women), a batch of 2: Queued, will send when online');
    await page.goto('/image');
    await page.reload();
    await expect.poll(() => queued.innerText().catch(() => '')).toBe(message);
    await checkAtBothSizes(page, 'image-batch-offline');

    await context.setOffline(false);
    const grid = page.getByRole('list', { name: 'Your images' });
    await grid.waitFor();
    expect(await grid.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => grid.getByRole('img').count()).toBe(2);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'of 2 done' }).innerText()).toBe('2 of 2 done');
    expect(await queued.count()).toBe(0);
    expect(await outboxSize()).toBe(0);
    // Exactly one batch of two jobs was made: the dropped batch sent nothing, and the replay no second batch.
    const made = (await jobIds()).filter((j) => !known.has(j.job_id));
    expect(made).toHaveLength(2);
    expect(new Set(made.map((j) => j.batch_id)).size).toBe(1);
  });
});

describe('gallery search offline (issue 29)', () => {
  it('with the server gone, searches the copy kept on the device with the same filters', { timeout: 90_000 }, async () => {
    await page.goto('/gallery');
    await page.getByRole('list', { name: 'Your faces' }).waitFor();
    // The copy the gallery keeps for offline browsing (galleryStore's IndexedDB record) is now saved.
    // Its only words are the faces' descriptions (face_prompt, the engine's words for the face).
    const gallery = await apiInPage<{ faces: { face_prompt: string | null }[] }>(page, '/gallery/', {});
    const words = (gallery.data.faces[0]?.face_prompt ?? '').split(/\W+/).filter((w) => w.length > 3);
    expect(words.length).toBeGreaterThan(1);
    await own.server.stop();
    const search = page.getByRole('search', { name: 'Search your gallery' });
    await search.getByRole('searchbox', { name: 'Search' }).fill(`${words[1]!.toUpperCase()} ${words[0]}`);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    const status = page.getByRole('status').filter({ hasText: 'on this device' });
    await expect.poll(() => status.innerText().catch(() => ''), { timeout: 15_000 }).toBe("2 items found (searched on this device: you seem to be offline; only the faces' descriptions are kept here, not the prompts)");
    // The face and its re-run (the same words).
    expect(await page.getByRole('list', { name: 'Found faces' }).getByRole('listitem').count()).toBe(2);
    // The images' prompts are not kept on the device: their words find nothing offline.
    await search.getByRole('searchbox', { name: 'Search' }).fill('sunflower');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => status.innerText().catch(() => ''), { timeout: 15_000 }).toMatch(/^Nothing in your gallery matches this search\./);
    // A date filter alone finds the images kept, by their dates.
    await search.getByRole('searchbox', { name: 'Search' }).fill('');
    await search.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Found images' }).getByRole('listitem').count(), { timeout: 15_000 }).toBe(35);
  });
});
