// Prerendered public pages: complete without scripts, hydrated without mismatches, the footer and
// other below-the-fold blocks hydrated only near view, and the visitor's own view after hydration.
import { describe, expect, inject, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { PRERENDERED_PATHS } from '../../src/content/prerenderedPaths';
import { BLOG_CATALOG } from '../../src/content/blog/catalog';
import { signedInUser } from './support/accountsApi';
import { PHONE, useBrowser } from './support/browser';
import { idle } from './support/settle';

vi.setConfig({ expect: { poll: { timeout: 10_000 } } });

const PAGES = PRERENDERED_PATHS;

/** True once React has taken over the element (hydrated or rendered it). */
const ownedByReact = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    return el ? Object.keys(el).some((key) => key.startsWith('__reactFiber')) : null;
  }, selector);

describe('prerendered public pages', () => {
  const f = useBrowser(PHONE);

  it('arrive complete without JavaScript: heading, content, footer, title', async () => {
    const context = await f.browser.newContext({ baseURL: f.baseURL, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto('/pricing');
      expect(await page.title()).toBe('Pricing | Persona Studio');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Pricing');
      expect(await page.getByRole('article').count()).toBe(4);
      expect(await page.getByTestId('plan-price').first().innerText()).toContain('$');
      expect(await page.locator('footer').getByRole('link', { name: 'About' }).count()).toBeGreaterThan(0);
      await page.goto(`/blogsDetails/${BLOG_CATALOG[1]?.slug}`);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toContain(BLOG_CATALOG[1]?.title);
      expect(await page.getByText('min read').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('hydrate without errors or mismatches on every public page', async () => {
    const problems: string[] = [];
    f.page.on('pageerror', (err) => problems.push(`${f.page.url()}: ${err.message}`));
    f.page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`${f.page.url()}: ${msg.text()}`);
    });
    for (const path of PAGES) {
      await f.page.goto(path);
      expect(await f.page.locator('#root').getAttribute('data-prerendered'), path).toBe(path);
      expect(await ownedByReact(f.page, 'main'), path).toBe(true);
      // Every id an aria attribute points at exists (useId values agree between build and browser).
      const dangling = await f.page.evaluate(() =>
        [...document.querySelectorAll('[aria-controls],[aria-labelledby],[aria-describedby],label[for]')].flatMap((el) =>
          ['aria-controls', 'aria-labelledby', 'aria-describedby', 'for']
            .flatMap((attr) => (el.getAttribute(attr) ?? '').split(' ').filter(Boolean))
            .filter((id) => !document.getElementById(id)),
        ),
      );
      expect(dangling, path).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it('the footer is plain HTML until the visitor nears it, then hydrates and navigates client-side', async () => {
    await f.page.goto('/pricing');
    expect(await ownedByReact(f.page, 'header a')).toBe(true);
    // Still plain after the page has settled (React retries waiting blocks when it is idle).
    await idle(f.page);
    expect(await ownedByReact(f.page, 'footer a')).toBe(false);
    await f.page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await f.page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => ownedByReact(f.page, 'footer a')).toBe(true);
    await f.page.locator('footer').getByRole('link', { name: 'About' }).first().click();
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).innerText()).toContain('About');
    // Client-side: the same document.
    expect(await f.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  it('a client-side navigation goes through while the footer is still plain HTML', async () => {
    await f.page.goto('/pricing');
    expect(await ownedByReact(f.page, 'footer a')).toBe(false);
    await f.page.evaluate(() => ((window as unknown as { marker: number }).marker = 2));
    await f.page.getByRole('banner').getByRole('link', { name: 'Blogs' }).first().click();
    await expect.poll(() => f.page.getByRole('heading', { level: 1 }).innerText()).toBe('Blogs');
    expect(await f.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(2);
    expect(await ownedByReact(f.page, 'footer a')).toBe(true);
  });

  it('a signed-in visitor sees their own header once the page is live', async () => {
    await f.page.goto('/about');
    expect(await f.page.getByRole('link', { name: 'Get Started' }).count()).toBe(1);
    await signedInUser(f.page, { url: f.baseURL, dataDir: inject('dataDir') }, 'prerender-header');
    await f.page.goto('/about');
    // The HTML says "Get Started" (visitors); hydration then shows this visitor's "Open Studio".
    await expect.poll(() => f.page.getByRole('link', { name: 'Open Studio' }).count()).toBe(1);
    expect(await f.page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
  });
});
