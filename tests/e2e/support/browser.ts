// One Chromium per test file, a fresh context per test, a screenshot when a test fails.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ROOT } from './server';


export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

export interface BrowserFixture {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
}

/** Registers hooks and returns a live fixture object whose fields are refreshed per test. */
export function useBrowser(viewport = DESKTOP): BrowserFixture {
  const fixture = { baseURL: inject('baseURL') } as BrowserFixture;
  beforeAll(async () => {
    fixture.browser = await launchChromium();
  });
  afterAll(async () => {
    await fixture.browser?.close();
  });
  beforeEach(async (ctx) => {
    fixture.context = await fixture.browser.newContext({ baseURL: fixture.baseURL, viewport });
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
