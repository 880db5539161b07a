// Accessibility (issue 14, part 7): axe-core with the WCAG 2.0 A/AA and 2.1 AA rules on every
// public route and every signed-in screen that exists, on a phone (390x844) and a desktop
// (1440x900), after scrolling through the page so that everything loaded near view is there.
// No rule is disabled. Later screens join SIGNED_IN as they land.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { PRERENDERED_PATHS } from '../../src/app/prerenderedPaths';
import { signedInUser } from './support/accountsApi';
import { DESKTOP, PHONE, useBrowser } from './support/browser';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Public routes: the prerendered pages, the other login modes and a page that does not exist.
 * The blog posts share one route and one template: two of them stand for all (a minute of CI).
 */
const BLOG_POSTS = PRERENDERED_PATHS.filter((path) => path.startsWith('/blogsDetails/'));
const PUBLIC = [...PRERENDERED_PATHS.filter((path) => !BLOG_POSTS.slice(2).includes(path)), '/forgot', '/no-such-page'];
/** Signed-in screens that exist so far (the studio screens are placeholders until they land). */
const SIGNED_IN = ['/face', '/image', '/video', '/clothSwap', '/Imagetovideo', '/AIMusic', '/gallery', '/profile', '/feedback', '/address', '/subscription'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Scrolls to the bottom in screen-sized steps (sections load near view), then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  for (let step = 0; step < 60; step++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(120);
    if (done) break;
  }
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function violations(page: Page, path: string, spoil?: () => void): Promise<string[]> {
  await page.goto(path);
  await scrollThrough(page);
  if (spoil) await page.evaluate(spoil);
  // evaluate(), not a script tag: the CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((r) => r.violations),
    TAGS,
  )) as Violation[];
  return found.map(
    (v) => `${path} ${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
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

  it('public routes: no WCAG 2.1 AA violation', async () => {
    const all: string[] = [];
    for (const path of PUBLIC) all.push(...(await violations(f.page, path)));
    expect(all).toEqual([]);
  }, 300_000);

  it('signed-in screens: no WCAG 2.1 AA violation', async () => {
    await signedInUser(f.page, { url: f.baseURL, dataDir: inject('dataDir') }, `a11y-${viewport.width}`, 'Asha');
    const all: string[] = [];
    for (const path of SIGNED_IN) all.push(...(await violations(f.page, path)));
    expect(all).toEqual([]);
  }, 300_000);
});
