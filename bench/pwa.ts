// npm run bench:pwa — the installed-app figures of issue 15, on the built app served by the real
// server, in Debian's Chromium: the precache (files and bytes, against its budget), the time to
// paint a public route on a repeat visit from the service worker's cache (against the first,
// network-only visit in the same run), and the time from going back online to the result of an
// image generation queued offline. Targets: repeat paint <= 300 ms, online -> result <= 5 s.
// Build first (npm run build, or point BENCH_PUBLIC_DIR at a build). Runs: BENCH_RUNS (5).
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PRECACHE_BUDGET_BYTES } from '../scripts/build/precacheBudget.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';
import { ROOT, startServer } from '../tests/e2e/support/server.ts';
import { signIn } from './support/load.ts';

const DIST = process.env.BENCH_PUBLIC_DIR ?? join(ROOT, 'dist');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const ROUTE = process.env.BENCH_ROUTE ?? '/pricing';
const TARGET = { paintMs: 300, onlineToResultS: 5 } as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The precache list the build injected into the service worker, and the bytes of its files. */
function precache(): { files: number; bytes: number } {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const urls = new Set([...sw.matchAll(/"?url"?:"([^"]+)"/g)].map((m) => m[1]!));
  let bytes = 0;
  for (const url of urls) bytes += statSync(join(DIST, url.split('?')[0]!)).size;
  return { files: urls.size, bytes };
}

/**
 * First contentful paint of `page`'s current document, in ms from its navigation start. (A string:
 * tsx names inner functions with a helper the page does not have.)
 */
const firstPaint = (page: Page): Promise<number> =>
  page.evaluate(`new Promise((resolve) => {
    const poll = () => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      if (fcp) resolve(fcp.startTime);
      else setTimeout(poll, 50);
    };
    poll();
  })`);

/** When the document had fully arrived (from the network or the worker), in ms from navigation start. */
const documentTime = (page: Page): Promise<number> => page.evaluate(`performance.getEntriesByType('navigation')[0].responseEnd`);

interface PaintTimes {
  first: number[];
  repeat: number[];
  firstDoc: number[];
  repeatDoc: number[];
}

async function paintTimes(context: BrowserContext, baseURL: string): Promise<PaintTimes> {
  const [first, repeat, firstDoc, repeatDoc]: number[][] = [[], [], [], []];
  for (let i = 0; i < RUNS; i += 1) {
    // A first visit: nothing cached, no service worker.
    const cold = await context.browser()!.newContext({ baseURL, serviceWorkers: 'block' });
    const page = await cold.newPage();
    await page.goto(ROUTE);
    first.push(await firstPaint(page));
    firstDoc.push(await documentTime(page));
    await cold.close();
  }
  const warmUp = await context.newPage();
  await warmUp.goto(ROUTE);
  await warmUp.evaluate(() => navigator.serviceWorker.ready);
  await warmUp.reload();
  await warmUp.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  for (let i = 0; i < RUNS; i += 1) {
    const page = await context.newPage();
    await page.goto(ROUTE);
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) throw new Error('the repeat visit was not served by the service worker');
    repeat.push(await firstPaint(page));
    repeatDoc.push(await documentTime(page));
    await page.close();
  }
  await warmUp.close();
  return { first, repeat, firstDoc, repeatDoc };
}

/** A subscribed user signed in on a page, with one face made (the image screen needs one). */
async function studioPage(context: BrowserContext, server: { url: string; dataDir: string }): Promise<Page> {
  const email = `bench-pwa-${Date.now()}@example.com`;
  await signIn(server as Parameters<typeof signIn>[0], email);
  await promisify(execFile)(process.execPath, [join(ROOT, 'scripts', 'admin.mjs'), 'grant', email, 'premium', '30'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await page.goto('/login');
  // The prerendered form is live once React has hydrated it.
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-ready'));
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('bench-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/face');
  // The tours are for people; the bench skips them.
  await page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));
  await page.reload();
  for (const [i, name] of ['Ada', 'Grace', 'Linus'].entries()) await page.getByLabel(`Celebrity ${i + 1}`).fill(name);
  await page.getByRole('button', { name: 'Generate Face', exact: true }).click();
  await page.getByRole('img', { name: 'Generated face' }).waitFor({ timeout: 60_000 });
  return page;
}

async function onlineToResult(context: BrowserContext, page: Page): Promise<number[]> {
  const times: number[] = [];
  await page.goto('/image');
  await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
  await page.getByLabel('Pose').selectOption('Selfie');
  const result = page.getByRole('img', { name: 'Generated image' });
  for (let i = 0; i < RUNS; i += 1) {
    await page.getByRole('textbox', { name: 'Prompt' }).fill(`Bench ${i}`);
    const before = await result.getAttribute('src').catch(() => null);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Generate Image', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Queued, will send when online' }).waitFor();
    const t0 = performance.now();
    await context.setOffline(false);
    await page.waitForFunction((old) => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Generated image"]');
      return Boolean(img && img.getAttribute('src') !== old && img.complete && img.naturalWidth > 0);
    }, before, { timeout: 60_000 });
    times.push((performance.now() - t0) / 1000);
  }
  return times;
}

const server = await startServer({ PUBLIC_DIR: DIST });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  const { files, bytes } = precache();
  console.log(`precache: ${files} files, ${(bytes / 1024).toFixed(1)} KiB (budget ${(PRECACHE_BUDGET_BYTES / 1024).toFixed(0)} KiB)`);
  const context = await browser.newContext({ baseURL: server.url });
  const { first, repeat, firstDoc, repeatDoc } = await paintTimes(context, server.url);
  console.log(`${ROUTE} first paint, first visit (network, no service worker): median ${median(first).toFixed(0)} ms of ${RUNS} [${first.map((t) => t.toFixed(0)).join(', ')}]`);
  console.log(`${ROUTE} first paint, repeat visit (service worker cache):      median ${median(repeat).toFixed(0)} ms of ${RUNS} [${repeat.map((t) => t.toFixed(0)).join(', ')}] (target <= ${TARGET.paintMs} ms)`);
  console.log(`${ROUTE} document received: first visit median ${median(firstDoc).toFixed(0)} ms, repeat visit (worker) median ${median(repeatDoc).toFixed(0)} ms`);
  const page = await studioPage(context, server);
  const results = await onlineToResult(context, page);
  console.log(`online -> queued image job's result: median ${median(results).toFixed(2)} s of ${RUNS} [${results.map((t) => t.toFixed(2)).join(', ')}] (target <= ${TARGET.onlineToResultS} s)`);
  console.log(
    `pwa: precache ${(bytes / 1024).toFixed(0)} KiB in ${files} files; repeat paint ${median(repeat).toFixed(0)} ms (${(median(repeat) / median(first)).toFixed(2)}x the first visit); online -> result ${median(results).toFixed(2)} s`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
