// Accessibility (issue 14, part 7): axe-core with the WCAG 2.0 A/AA and 2.1 AA rules on every
// public route and every signed-in screen (the studio's in studio.test.ts), on a phone (390x844) and a desktop
// (1440x900), after scrolling through the page so that everything loaded near view is there.
// No rule is disabled.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PRERENDERED_PATHS } from '../../src/content/prerenderedPaths';
import { signedInUser } from './support/accountsApi';
import { axeViolations } from './support/axe';
import { DESKTOP, PHONE, useBrowser } from './support/browser';
import { settled } from './support/settle';


/**
 * Public routes: the prerendered pages, the other login modes and a page that does not exist.
 * The blog posts share one route and one template: two of them stand for all (a minute of CI).
 */
const BLOG_POSTS = PRERENDERED_PATHS.filter((path) => path.startsWith('/blogsDetails/'));
const PUBLIC = [...PRERENDERED_PATHS.filter((path) => !BLOG_POSTS.slice(2).includes(path)), '/forgot', '/no-such-page'];
/**
 * The signed-in screens outside the studio: tests/e2e/studio.test.ts runs the same check on every
 * studio screen at both sizes, full of results, tours, pickers and grids. /queue is here empty (this
 * user has no plan); tests/e2e/queue.test.ts checks it full, and batches.test.ts the batch grid and
 * the gallery search. /characters is here empty; tests/e2e/characters.test.ts checks it full, with
 * the New character dialog, a profile and its edit form.
 */
const SIGNED_IN = ['/profile', '/feedback', '/address', '/subscription', '/queue', '/characters'];

/**
 * Scrolls to the bottom in screen-sized steps, each painted (two frames: what loads or hydrates near
 * view has seen it), waits until every deferred section has loaded, then goes back to the top and
 * waits for the screen to be still. Nothing on these pages changes by scrolling but what loads near
 * view (lib/nearView.ts), so one wait at the end does what a wait at every step did.
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const painted = () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));
    for (let step = 0; step < 200; step++) {
      // Instant: the site scrolls smoothly (scroll-behavior: smooth), and each step would cut the last one short.
      window.scrollBy({ top: window.innerHeight * 0.8, behavior: 'instant' });
      await painted();
      if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2) break;
    }
  });
  // A section scrolled past before its watcher was set up (the page still starting) is brought
  // into view on its own, one at a time, until none is left.
  for (let section = 0; section < 20; section++) {
    const waiting = await page.evaluate(() => {
      const placeholder = document.querySelector('[data-deferred-section]');
      placeholder?.scrollIntoView({ block: 'center', behavior: 'instant' });
      placeholder?.setAttribute('data-a11y-waiting', '');
      return placeholder !== null;
    });
    if (!waiting) break;
    // Replaced by its content (or by the Suspense placeholder while its code loads).
    await page.waitForFunction(() => !document.querySelector('[data-a11y-waiting]'));
  }
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await settled(page);
}

async function violations(page: Page, path: string, spoil?: () => void): Promise<string[]> {
  await page.goto(path);
  await scrollThrough(page);
  if (spoil) await page.evaluate(spoil);
  return axeViolations(page, path);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('axe on the %s', (_, viewport) => {
  const f = useBrowser(viewport);

  it('the check finds what it should: an image without a text alternative, low-contrast text', async () => {
    const found = await violations(f.page, '/', () => {
      const img = document.createElement('img');
      img.src = '/icons/icon-192.png';
      const faint = document.createElement('p');
      faint.textContent = 'Barely readable';
      faint.style.cssText = 'color:#3a3a48;background:#09090f';
      document.querySelector('main')?.append(img, faint);
    });
    expect(found.map((v) => v.split(' ')[1]).sort()).toEqual(['color-contrast', 'image-alt']);
  });

  // One test per route: each has its own time (a long page's scroll and check take a while on a
  // busy machine), and a violation names its route in the test's name.
  it.each(PUBLIC)('%s: no WCAG 2.1 AA violation', async (path) => {
    expect(await violations(f.page, path)).toEqual([]);
  }, 120_000);

  // The pages above are checked as a visitor who prefers reduced motion sees them (newAppContext):
  // posters for clips. The home page, where most of the clips are, is checked with them playing too.
  it('/ with motion: no WCAG 2.1 AA violation', async () => {
    await f.page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await violations(f.page, '/')).toEqual([]);
    expect(await f.page.locator('video').count()).toBeGreaterThan(0);
  }, 120_000);

  it('signed-in screens: no WCAG 2.1 AA violation', async () => {
    await signedInUser(f.page, { url: f.baseURL, dataDir: inject('dataDir') }, `a11y-${viewport.width}`, 'Asha');
    const all: string[] = [];
    for (const path of SIGNED_IN) all.push(...(await violations(f.page, path)));
    expect(all).toEqual([]);
  }, 300_000);
});
