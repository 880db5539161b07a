// One Chromium per test file, a fresh context per test, a screenshot when a test fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ROOT, startServer, type RunningServer } from './server';


export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/**
 * Prerendered pages show before React runs; a test acts like a user who waits for the page to
 * be live. After goto and reload, every page `context` opens waits for <html data-app-ready>
 * (src/app/AppShell.tsx) when the document is the app's (has #root).
 */
function waitForAppOnNavigation(context: BrowserContext): void {
  const patch = (page: Page) => {
    // No deadline of its own: the test's time-out bounds it (a loaded machine starts the app slowly).
    const ready = () =>
      page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-app-ready'), undefined, { timeout: 0 });
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await ready();
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await ready();
      return response;
    };
  };
  context.on('page', patch);
}

/**
 * browser.newContext, with the wait above on every page it opens.
 * - The app's service worker is blocked unless the options say `serviceWorkers: 'allow'`: a first
 *   visit with it installs the worker and fetches its whole precache (about 180 files, 3 MB) beside
 *   the test, which slowed every browser file by about a sixth (site-home and accounts, 2026-11-29).
 *   Tests of what the worker does ask for it.
 * - The page is told the user prefers reduced motion unless the options say `reducedMotion:
 *   'no-preference'`: the app then plays no looping clip and runs no decorative animation (the site
 *   and the studio's template grid and samples). Those cost CPU for as long as a page shows, the
 *   home page's hero alone 0.87 cores here against 0.06 without motion (2026-11-30), and a check
 *   made mid-animation was a flake (a contrast measured mid-fade). Tests of what moves ask for
 *   motion: site-home, the template grid in studio.test, the home page in a11y.test.
 */
export async function newAppContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce', ...options });
  waitForAppOnNavigation(context);
  return context;
}

export interface OwnServerFixture {
  server: RunningServer;
  browser: Browser;
}

/**
 * A server of the file's own and a Chromium, for tests that need settings of their own or stop
 * the server. `env` may be a function, read when the server starts (after earlier beforeAll hooks).
 */
export function useOwnServer(env: Record<string, string> | (() => Record<string, string>) = {}): OwnServerFixture {
  const fixture = {} as OwnServerFixture;
  beforeAll(async () => {
    fixture.server = await startServer(typeof env === 'function' ? env() : env);
    fixture.browser = await launchChromium();
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.server?.stop();
  });
  return fixture;
}

export interface BrowserFixture {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
}

/** Registers hooks and returns a live fixture object whose fields are refreshed per test (`serviceWorkers` and `reducedMotion` as in newAppContext). */
export function useBrowser(viewport = DESKTOP, options: Pick<BrowserContextOptions, 'serviceWorkers' | 'reducedMotion'> = {}): BrowserFixture {
  const fixture = { baseURL: inject('baseURL') } as BrowserFixture;
  beforeAll(async () => {
    fixture.browser = await launchChromium();
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  beforeEach(async (ctx) => {
    fixture.context = await newAppContext(fixture.browser, { baseURL: fixture.baseURL, viewport, ...options });
    fixture.page = await fixture.context.newPage();
    ctx.onTestFailed(async () => {
      const dir = join(ROOT, 'test-results');
      mkdirSync(dir, { recursive: true });
      const name = ctx.task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
      await fixture.page.screenshot({ path: join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
    });
  });
  afterEach(async () => {
    await fixture.context?.close();
  });
  return fixture;
}

/**
 * A context on `own`'s server posing as a visitor from `ip` through X-Forwarded-For (the server
 * must trust it from loopback: TRUST_PROXY=loopback), with the service worker blocked so every
 * request goes through the page's own network stack with that header.
 */
export function visitorContext(own: OwnServerFixture, ip: string, viewport = DESKTOP): Promise<BrowserContext> {
  return newAppContext(own.browser, { baseURL: own.server.url, viewport, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

/**
 * Resolves once a service worker controls the page. No deadline of its own (the test's time-out is
 * the bound): a first install fetches the whole precache, which takes a while on a busy machine.
 * Survives the reload a first activation may cause.
 */
export async function serviceWorkerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, { timeout: 0 });
}
