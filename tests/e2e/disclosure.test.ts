// Visible disclosure (issue 26): the public AI transparency page (prerendered, reached from the
// footer and the terms), the "AI-generated" label on results, previews and gallery items, and the
// note by the downloads on what a watermarked copy keeps of the marks.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { AI_TRANSPARENCY_PAGE, AI_TRANSPARENCY_SECTIONS } from '../../src/content/aiTransparency';
import { axeViolations } from './support/axe';
import { DESKTOP, launchChromium, newAppContext, PHONE, useBrowser } from './support/browser';
import { shoot } from './support/shots';
import { subscribedUser } from './support/studio';
import { settled } from './support/settle';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const PATH = '/ai-transparency';
const TITLE = `${AI_TRANSPARENCY_PAGE.title} ${AI_TRANSPARENCY_PAGE.gradianttitle}`;
const h1 = (p: Page) => p.getByRole('heading', { level: 1 }).first().innerText();

/** The text of the elements an element's aria-describedby names: its accessible description. */
const description = (el: Locator) =>
  el.evaluate((node) =>
    (node.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '')
      .join(' '),
  );

describe('the AI transparency page', () => {
  const f = useBrowser(PHONE);

  it('arrives prerendered without JavaScript: title, description, headings, the verify link', async () => {
    const context = await f.browser.newContext({ baseURL: f.baseURL, viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(PATH);
      expect(await page.title()).toBe(`${TITLE} | Persona Studio`);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(AI_TRANSPARENCY_PAGE.description);
      expect(await h1(page)).toBe(TITLE);
      const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
      expect(headings).toEqual(AI_TRANSPARENCY_SECTIONS.map((s) => s.title));
      expect(await page.getByRole('link', { name: 'contentcredentials.org/verify' }).getAttribute('href')).toBe('https://contentcredentials.org/verify');
      for (const text of ['Iptc4xmpExt:DigitalSourceType', 'c2patool face.png', 'exiftool -G1 -DigitalSourceType song.mp3']) {
        expect(await page.getByText(text, { exact: true }).count(), text).toBe(1);
      }
    } finally {
      await context.close();
    }
  });

  it('is reached from the public footer and from the terms', async () => {
    await f.page.goto('/about');
    const footer = f.page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await footer.getByRole('link', { name: 'AI Transparency', exact: true }).click();
    await f.page.waitForURL(`**${PATH}`);
    await expect.poll(() => h1(f.page)).toBe(TITLE);
    // The page's description while it shows; the app's again after.
    expect(await f.page.locator('meta[name="description"]').getAttribute('content')).toBe(AI_TRANSPARENCY_PAGE.description);

    await f.page.goto('/terms');
    const inTerms = f.page.getByRole('main').getByRole('link', { name: 'AI Transparency', exact: true });
    expect(await inTerms.getAttribute('href')).toBe(PATH);
    await inTerms.click();
    await f.page.waitForURL(`**${PATH}`);
    await expect.poll(() => h1(f.page)).toBe(TITLE);
    await f.page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect.poll(() => h1(f.page)).toBe('Pricing');
    expect(await f.page.locator('meta[name="description"]').getAttribute('content')).not.toBe(AI_TRANSPARENCY_PAGE.description);
  });

  it('at 390x844 and 1440x900: no sideways scroll, no WCAG 2.1 AA violation', async () => {
    for (const viewport of [PHONE, DESKTOP]) {
      await f.page.setViewportSize(viewport);
      await f.page.goto(PATH);
      await expect.poll(() => h1(f.page)).toBe(TITLE);
      const overflow = await f.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${viewport.width}`).toBeLessThanOrEqual(0);
      expect(await axeViolations(f.page, `${PATH} at ${viewport.width}`)).toEqual([]);
      await shoot(f.page, `ai-transparency-${viewport.width}.png`);
    }
  });
});

describe('"AI-generated" on results and in the gallery', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
  const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

  beforeAll(async () => {
    browser = await launchChromium();
    context = await newAppContext(browser, { baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    page.on('dialog', (d) => void d.dismiss());
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('a face and an image: the result and its preview say AI-generated, the download its note', { timeout: 120_000 }, async () => {
    // A subscribed user (expect.poll inside needs a test); the guided tours are for another test.
    await subscribedUser(page, server, 'disclosure');
    await page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));
    await page.goto('/face');
    for (const [i, name] of ['Zendaya', 'Emma Stone', 'Priyanka Chopra'].entries()) await page.getByLabel(`Celebrity ${i + 1}`).fill(name);
    await button('Generate Face').click();
    const face = page.getByRole('img', { name: 'Generated face', exact: true });
    await face.waitFor();
    expect(await page.getByText('AI-generated', { exact: true }).first().isVisible()).toBe(true);
    expect(await description(face)).toBe('AI-generated');
    await button('Preview generated face').click();
    const dialog = page.getByRole('dialog');
    expect(await description(dialog.getByRole('img', { name: 'Generated face' }))).toBe('AI-generated');
    expect(await dialog.getByText('AI-generated', { exact: true }).isVisible()).toBe(true);
    await shoot(page, 'disclosure-preview-1440.png');
    await page.keyboard.press('Escape');
    // Faces have no download, so no note.
    expect(await page.getByText(/^Downloads and shares carry the AI mark/).count()).toBe(0);

    await page.goto('/image');
    await page.getByRole('group', { name: 'Choose a face' }).getByRole('button').first().click();
    await page.getByLabel('Pose').selectOption('Selfie');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('On a rooftop at golden hour');
    await button('Generate Image').click();
    const image = page.getByRole('img', { name: 'Generated image', exact: true });
    await image.waitFor({ timeout: 60_000 });
    expect(await description(image)).toBe('AI-generated');
    expect(await description(button('Download'))).toBe('Downloads and shares carry the AI mark; the signed Content Credentials stay on the original in your gallery.');
    expect(await page.getByRole('link', { name: 'About AI marks' }).getAttribute('href')).toBe('/ai-transparency');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settled(page);
      expect(await axeViolations(page, `/image at ${viewport.width}`)).toEqual([]);
      await shoot(page, `disclosure-image-${viewport.width}.png`);
    }
  });

  it('every gallery item says AI-generated; downloads there carry the note', { timeout: 60_000 }, async () => {
    await page.goto('/gallery');
    const faces = page.getByRole('list', { name: 'Your faces' }).getByRole('listitem');
    await expect.poll(() => faces.count()).toBe(1);
    expect(await faces.first().getByText('AI-generated', { exact: true }).isVisible()).toBe(true);
    expect(await description(faces.first().getByRole('img', { name: 'Face 1' }))).toBe('AI-generated');

    await page.getByRole('tab', { name: 'images', exact: true }).click();
    const images = page.getByRole('list', { name: 'Your images' }).getByRole('listitem');
    await expect.poll(() => images.count()).toBe(1);
    expect(await description(images.first().getByRole('img', { name: 'Image 1' }))).toBe('AI-generated');
    expect(await description(button('Download image 1'))).toBe('Downloads and shares carry the AI mark; the signed Content Credentials stay on the originals here.');
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${viewport.width}`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, `/gallery at ${viewport.width}`)).toEqual([]);
      await shoot(page, `disclosure-gallery-${viewport.width}.png`);
    }
  });
});
