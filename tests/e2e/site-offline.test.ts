// Offline: after one visit, every public page and its images load with the server gone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { PRERENDERED_PATHS } from '../../src/content/prerenderedPaths';
import { newAppContext, PHONE, serviceWorkerControls, useOwnServer } from './support/browser';
import { BUILT_DIR } from './support/server';

vi.setConfig({ expect: { poll: { timeout: 15_000 } } });

async function waitForSiteMedia(url: string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${url}/api/site_media_status`).catch(() => null);
    if (res?.ok && ((await res.json()) as { ready: boolean }).ready) return;
    await new Promise((r) => setTimeout(r, 500)); // timing-ok: poll interval of a poll with a deadline
  }
  throw new Error('site media was not generated in time');
}

/** Every <img> inside main (scrolled into view so lazy ones load) has decoded pixels. */
async function imagesInMain(page: Page): Promise<Array<{ src: string; w: number }>> {
  const imgs = page.getByRole('main').locator('img');
  const n = await imgs.count();
  const out: Array<{ src: string; w: number }> = [];
  for (let i = 0; i < n; i++) {
    const img = imgs.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((e: HTMLImageElement) => e.complete)).toBe(true);
    out.push(await img.evaluate((e: HTMLImageElement) => ({ src: e.getAttribute('src') ?? '', w: e.naturalWidth })));
  }
  return out;
}

describe('offline public pages', () => {
  const own = useOwnServer();
  beforeAll(() => waitForSiteMedia(own.server.url), 180_000);

  it('/blogs and /pricing reload with their images, an unvisited page shows its images, and every public route opens, with the server stopped', async () => {
    const context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/blogs');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await serviceWorkerControls(page);
    // The page asks the worker to warm the site image cache after load; wait until the blog covers and the about picture are in.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open('site-media-images');
            const keys = (await cache.keys()).map((r) => new URL(r.url).pathname);
            return keys.filter((k) => k.startsWith('/media/site/blog/') || k === '/media/site/about/story.webp').length;
          }),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(11);
    // Videos stay off the cache: a range request through the controlled page still gets 206.
    const range = await page.evaluate(async () => {
      const res = await fetch('/media/site/home/hero.mp4', { headers: { Range: 'bytes=0-99' } });
      return { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
    });
    expect(range).toEqual({ status: 206, bytes: 100 });
    expect(await page.evaluate(async () => (await caches.keys()).length > 0 && (await Promise.all((await caches.keys()).map(async (k) => (await (await caches.open(k)).keys()).some((r) => r.url.endsWith('.mp4'))))).some(Boolean))).toBe(false);

    await page.goto('/pricing');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Pricing');

    await own.server.stop();
    expect(await fetch(`${own.server.url}/`).then(() => 'reachable', () => 'unreachable')).toBe('unreachable');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Pricing');
    await expect.poll(() => page.getByRole('article', { name: 'Basic plan' }).count()).toBe(1);
    const logo = page.getByRole('banner').locator('img').first();
    await expect.poll(() => logo.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth)).toBeGreaterThan(0);

    await page.goto('/blogs');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Blogs');
    const blogImages = await imagesInMain(page);
    expect(blogImages).toHaveLength(10);
    for (const img of blogImages) expect(img.w, img.src).toBeGreaterThan(0);

    await page.goto('/about'); // never visited online
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('About Us');
    const story = page.getByRole('main').getByRole('img', { name: /Ahmedabad studio/ });
    await expect.poll(() => story.evaluate((e: HTMLImageElement) => e.complete && e.naturalWidth)).toBeGreaterThan(0);

    // Every prerendered public route, visited or not, opens offline with its own page.
    for (const path of PRERENDERED_PATHS) {
      const response = await page.goto(path);
      expect(response?.ok(), path).toBe(true);
      const expected = await page.evaluate(
        (html) => new DOMParser().parseFromString(html, 'text/html').querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() ?? null,
        readFileSync(join(BUILT_DIR, path === '/' ? 'index.html' : `${path.slice(1)}.html`), 'utf8'),
      );
      expect(expected, path).toBeTruthy();
      await expect.poll(() => page.locator('h1').first().textContent().then((t) => t?.replace(/\s+/g, ' ').trim()), { message: path }).toBe(expected);
    }
    await context.close();
  }, 240_000);
});
