// The creator's workspace in the gallery (issue 45), in the built app against the real server: each
// card says what made it (words, kind, engine, resolution, date); a star and Favourites only; the
// details panel (settings, AI mark, actions) by its private link, which another user cannot open;
// "Use these settings"; delete with a 10 s Undo on the page's clock (nothing sent on Undo); select
// with a shift-click and select all, then Favourite, Delete and a ZIP whose every picture carries
// the logo; Share without Web Share offers Download and Copy link; with it, one tap shares a file
// prepared as the card came into view; the phone layout (Filter, one Actions menu). Axe-clean and
// looked at on 390 and 1440 px.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { imagePlacement } from '../../contract/watermark';
import { collectAlerts } from './support/accounts';
import type { TestUser } from './support/accountsApi';
import { axeViolations } from './support/axe';
import { DESKTOP, newAppContext, PHONE, useOwnServer } from './support/browser';
import { ROOT } from './support/server';
import { shoot } from './support/shots';
import { readStoredZip } from './support/zip';
import { apiInPage, logInWithoutTours, skipTours, subscribedUser, useSettingsOf } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const own = useOwnServer();
let context: BrowserContext;
let page: Page;
let files: string;
let logo: { width: number; height: number };
let user: TestUser;
const PROMPTS = ['A calm woman with red hair', 'A smiling man with a beard', 'A singer with silver earrings'];
const IMAGE_PROMPT = 'On a beach at sunset';
const CLIP_PROMPT = 'Slow zoom in as she smiles';

type Gallery = { faces: { id: string; image_url: string; favourite?: boolean }[]; images: { id: string; image_url: string }[]; gen_video: { id: string; video_url: string }[] };
const gallery = async (p: Page = page) => (await apiInPage<Gallery>(p, '/gallery/', {})).data;
const button = (name: string, p: Page = page) => p.getByRole('button', { name, exact: true });
const card = (name: string, p: Page = page) => p.getByRole('listitem', { name, exact: true });
/** A dialog as the screen shows it (a full-page shot draws the fixed panel where the page was scrolled). */
const shootView = async (p: Page, name: string) => process.env.STUDIO_SHOTS_DIR && (await p.screenshot({ path: join(process.env.STUDIO_SHOTS_DIR, name) }));
/**
 * A tab of the same user on a fake clock, on /gallery, in a browser context of its own (close that
 * context when done): Playwright's clock belongs to the whole context (every page in it), so installed
 * on the file's shared one it ran the other pages' timers and frames in each runFor and stayed for the
 * tests after. Once, such a test stalled past its 60 s (2026-11-29).
 */
async function timedGallery(): Promise<Page> {
  const timedContext = await newAppContext(own.browser, { baseURL: own.server.url, viewport: DESKTOP });
  await timedContext.clock.install();
  const tab = await timedContext.newPage();
  await logInWithoutTours(tab, user);
  await tab.goto('/gallery');
  return tab;
}
const noSidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'gallery-ws-'));
  const meta = await sharp(join(ROOT, 'public', 'watermark.png')).metadata();
  logo = { width: meta.width!, height: meta.height! };
  context = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP, acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  collectAlerts(page);
  user = await subscribedUser(page, own.server, 'gallery-ws');
  await skipTours(page);
  // Three faces by prompt (oldest first: the newest is Face 1) and one image made with the first.
  for (const prompt of PROMPTS) expect((await apiInPage(page, '/generate-face-prompt/', { prompt })).status).toBe(200);
  const face = (await gallery()).faces.at(-1)!;
  expect((await apiInPage(page, '/generate-image-prompt/', { face_url: face.image_url, prompt: IMAGE_PROMPT })).status).toBe(200);
  // A clip of that image (a job that runs on: its gallery item comes when it is done).
  const image = (await gallery()).images[0]!;
  expect([200, 202]).toContain((await apiInPage(page, '/imagetovideos/', { input_image: image.image_url, prompt: CLIP_PROMPT })).status);
  await vi.waitFor(async () => expect((await gallery()).gen_video).toHaveLength(1), { timeout: 120_000, interval: 250 });
}, 240_000);
afterAll(async () => {
  await context?.close();
  rmSync(files, { recursive: true, force: true });
});

describe('the gallery as a workspace (issue 45)', () => {
  it('each card says what made it, with its resolution; the star is kept; Favourites only shows the starred', { timeout: 120_000 }, async () => {
    await page.goto('/gallery');
    const first = card('Face 1');
    await first.waitFor();
    // Newest first: Face 1 is the last prompt.
    expect(await first.getByText(PROMPTS[2]!, { exact: true }).isVisible()).toBe(true);
    const facts = await first.getByText(/^Face · /).innerText();
    const src = (await first.getByRole('img', { name: 'Face 1' }).getAttribute('src'))!;
    const { width, height } = await sharp(await (await page.request.get(src)).body()).metadata();
    expect(facts).toContain(`${width} × ${height}`);
    expect(await first.getByText('Local engine', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'images', exact: true }).click();
    expect(await card('Image 1').getByText(/^Image · \d+ × \d+ · /).isVisible()).toBe(true);
    await page.getByRole('tab', { name: 'faces', exact: true }).click();

    const star = button('Favourite face 2');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.click();
    await expect.poll(async () => (await gallery()).faces.find((f) => f.favourite)?.id).toBeTruthy();
    await page.reload();
    expect(await button('Favourite face 2').getAttribute('aria-pressed')).toBe('true');

    await page.getByLabel('Favourites only').check();
    const found = page.getByRole('list', { name: 'Found faces' });
    await expect.poll(() => found.getByRole('listitem').count()).toBe(1);
    expect(await found.getByText(PROMPTS[1]!, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('list', { name: 'Found images' }).count()).toBe(0);
    await page.getByLabel('Favourites only').uncheck();
    await page.getByRole('list', { name: 'Your faces' }).waitFor();
  });

  it('the details panel: settings, AI mark, actions; its private link reopens it for the owner only', { timeout: 240_000 }, async () => {
    await page.goto('/gallery');
    await button('Details of face 1').click();
    const panel = page.getByRole('dialog', { name: 'Details of face 1' });
    await panel.waitFor();
    const id = new URL(page.url()).searchParams.get('item')!;
    expect(id).toBe((await gallery()).faces[0]!.id);
    const settings = panel.getByRole('region', { name: 'Settings' });
    await expect.poll(() => settings.innerText()).toContain(PROMPTS[2]);
    expect(await panel.getByRole('region', { name: 'AI mark' }).innerText()).toMatch(/IPTC digital source type: \w+/);
    for (const name of ['Download face 1', 'Re-run face 1', 'Use these settings', 'Copy link to face 1', 'Delete face 1', 'Favourite face 1', 'Upscale face 1 2x']) expect(await button(name).isVisible(), name).toBe(true);
    expect(await axeViolations(page, '/gallery details (1440)')).toEqual([]);
    await shootView(page, 'gallery-details-1440.png');

    await button('Copy link to face 1').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${own.server.url}/gallery?item=${encodeURIComponent(id)}`);
    await button('Close details').click();
    await expect.poll(() => new URL(page.url()).searchParams.has('item')).toBe(false);

    // The link opens the panel straight away.
    await page.goto(link);
    await page.getByRole('dialog', { name: 'Details of face 1' }).getByRole('region', { name: 'Settings' }).waitFor();
    // For another signed-in user it is not found, and the API says 404.
    const other = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP });
    const stranger = await other.newPage();
    await subscribedUser(stranger, own.server, 'gallery-ws-other');
    await stranger.goto(link);
    await expect.poll(() => stranger.getByRole('dialog').getByRole('alert').innerText()).toBe('Item not found.');
    expect((await apiInPage(stranger, `/media/${id}`, null)).status).toBe(404);
    await other.close();

    // An input that is one of the user's items links to it: the image was made with the oldest face.
    const { images, faces } = await gallery();
    await page.goto(`/gallery?item=${images[0]!.id}`);
    const inputs = page.getByRole('dialog', { name: 'Details of image 1' }).getByRole('region', { name: 'Inputs' });
    await inputs.getByRole('link', { name: 'open it in your gallery' }).click();
    await page.getByRole('dialog', { name: 'Details of face 3' }).getByRole('region', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBe(faces.at(-1)!.id);

    // A studio result's private link names its job: it opens the item that job made; a job not of this gallery says so.
    const { images: withJobs } = await apiInPage<{ images: { id: string; job_id: string }[] }>(page, '/gallery/', {}).then((r) => r.data);
    await page.goto(`/gallery?job=${withJobs[0]!.job_id}`);
    await page.getByRole('dialog', { name: 'Details of image 1' }).getByRole('region', { name: 'Settings' }).waitFor();
    expect(new URL(page.url()).searchParams.get('item')).toBe(withJobs[0]!.id);
    expect(new URL(page.url()).searchParams.has('job')).toBe(false);
    await page.goto('/gallery?job=not-a-job-of-yours');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Item not found.' }).innerText()).toContain('It may have been deleted');
    expect(await page.getByRole('dialog').count()).toBe(0);

    // "Use these settings": the face screen, prompt tab, with the prompt filled in.
    await useSettingsOf(page, id, '/face');
    await expect.poll(() => page.getByRole('tab', { name: 'Prompt' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(PROMPTS[2]);

    // The image: the prompt tab with its prompt, and the face it was made with (face 3) chosen, first in the picker.
    await useSettingsOf(page, images[0]!.id, '/image');
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(IMAGE_PROMPT);
    await expect.poll(() => button('Face 1').getAttribute('aria-pressed')).toBe('true');
    expect(await button('Face 1').locator('img').getAttribute('src')).toBe(faces.at(-1)!.image_url);

    // The image-to-video clip: its screen with the prompt and the picture it was made from chosen.
    const { gen_video: clips } = await gallery();
    await useSettingsOf(page, clips[0]!.id, '/Imagetovideo');
    await expect.poll(() => page.getByRole('textbox', { name: 'Prompt' }).inputValue()).toBe(CLIP_PROMPT);
    await expect.poll(() => button('Generated image 1').getAttribute('aria-pressed')).toBe('true');
  });

  it('select with a click and a shift-click: the ZIP holds each picture watermarked with the logo; Cancel stops one', { timeout: 180_000 }, async () => {
    await page.goto('/gallery');
    await page.getByLabel('Select face 1').click();
    await page.getByLabel('Select face 3').click({ modifiers: ['Shift'] });
    await page.getByRole('status').filter({ hasText: '3 items selected' }).waitFor();
    expect(await page.getByLabel('Select face 2').isChecked()).toBe(true);
    await shoot(page, 'gallery-selected-1440.png');

    const faces = (await gallery()).faces;
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button('Download ZIP').click()]);
    expect(download.suggestedFilename()).toBe('persona-studio-3-items.zip');
    const zip = join(files, 'faces.zip');
    await download.saveAs(zip);
    const entries = readStoredZip(readFileSync(zip));
    expect([...entries.keys()].sort()).toEqual(faces.map((f) => `watermarked-image-${f.id}.png`).sort());
    await page.getByRole('status').filter({ hasText: 'Your ZIP of 3 items is downloaded.' }).waitFor();
    for (const face of faces) {
      const mine = Buffer.from(entries.get(`watermarked-image-${face.id}.png`)!);
      const original = await (await page.request.get(face.image_url)).body();
      const a = await sharp(mine).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const b = await sharp(original).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      expect([a.info.width, a.info.height]).toEqual([b.info.width, b.info.height]);
      // The logo where the gallery puts it (centred at the bottom), the rest of the picture as it was.
      const at = imagePlacement('gallery', { width: a.info.width, height: a.info.height }, logo);
      let [inside, outside] = [0, 0];
      for (let y = 0; y < a.info.height; y++)
        for (let x = 0; x < a.info.width; x++) {
          const i = (y * a.info.width + x) * 3;
          const diff = Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) + Math.abs(a.data[i + 2]! - b.data[i + 2]!);
          if (diff <= 12) continue;
          if (x >= at.x - 1 && x <= at.x + at.width && y >= at.y - 1 && y <= at.y + at.height) inside++;
          else outside++;
        }
      expect(inside, face.id).toBeGreaterThan(200);
      expect(outside, face.id).toBe(0);
    }

    // Cancel: the pictures are held back until Cancel is pressed; no file is saved.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = 0;
    await context.route('**/media/**', async (route) => {
      asked++;
      await held;
      await route.continue().catch(() => undefined); // unrouted meanwhile: the page has let it go

    });
    const saved: string[] = [];
    page.on('download', (d) => saved.push(d.suggestedFilename()));
    await button('Download ZIP').click();
    await expect.poll(() => asked).toBeGreaterThan(0);
    await page.getByRole('progressbar', { name: 'ZIP progress' }).waitFor();
    await button('Cancel ZIP').click();
    await expect.poll(() => button('Cancel ZIP').count()).toBe(0);
    release();
    await context.unroute('**/media/**');
    expect(saved).toEqual([]);

    // Select all, Favourite and back; Delete, then Undo: nothing was sent.
    const sent: string[] = [];
    const listen = (r: { url: () => string; method: () => string }) => r.url().includes('/api/media/delete') && sent.push(r.method());
    page.on('request', listen);
    await button('Clear selection').click();
    await button('Select all (3)').click();
    await button('Favourite').click();
    await expect.poll(async () => (await gallery()).faces.every((f) => f.favourite)).toBe(true);
    await button('Unfavourite').click();
    await expect.poll(async () => (await gallery()).faces.some((f) => f.favourite)).toBe(false);
    await button('Delete').click();
    await expect.poll(() => page.getByRole('list', { name: 'Your faces' }).getByRole('listitem').count()).toBe(0);
    await page.getByRole('status').filter({ hasText: '3 items deleted.' }).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Your faces' }).getByRole('listitem').count()).toBe(3);
    expect(sent).toEqual([]);
    page.off('request', listen);

    // Select all in a search takes every result, not only the pages loaded: the server's pages are
    // cut to 2 items here, so the 3 faces matching "with" come in two. The second page is held
    // until Select all is pressed (the end of the list, in view, asks for it first: Select all
    // waits for that read instead of reading the page again).
    let releaseNext!: () => void;
    const nextHeld = new Promise<void>((resolve) => (releaseNext = resolve));
    const pagesRead: unknown[] = [];
    await page.route('**/api/gallery/', async (route) => {
      const body = route.request().postDataJSON() as Record<string, unknown> | null;
      if (!body || !('q' in body)) return route.continue();
      pagesRead.push(body.cursor ?? null);
      if (body.cursor) await nextHeld;
      return route.continue({ postData: JSON.stringify({ ...body, limit: 2 }) });
    });
    await page.getByRole('searchbox', { name: 'Search' }).fill('with');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('status').filter({ hasText: '2+ items found' }).waitFor();
    await button('Select all (2+)').click();
    releaseNext();
    await page.getByRole('status').filter({ hasText: '3 items selected' }).waitFor();
    expect(pagesRead).toEqual([null, expect.any(String)]);
    expect(await page.getByRole('region', { name: 'Search results' }).getByRole('listitem').count()).toBe(3);
    await button('Clear selection').click();
    await page.unroute('**/api/gallery/');
  });

  it('Share without Web Share offers Download and Copy link; with it, one tap shares the file prepared as the card came into view', { timeout: 120_000 }, async () => {
    await page.goto('/gallery');
    await page.getByRole('tab', { name: 'images', exact: true }).click();
    const share = page.getByRole('button', { name: 'Share image 1' });
    await share.click();
    const offer = page.getByRole('group', { name: 'Share image 1' });
    expect(await offer.getByRole('button', { name: 'Download image 1 to share' }).isVisible()).toBe(true);
    expect(await offer.getByRole('button', { name: 'Copy link to image 1' }).isVisible()).toBe(true);
    expect(await axeViolations(page, '/gallery share offer')).toEqual([]);

    const sharing = await newAppContext(own.browser, { serviceWorkers: 'allow', baseURL: own.server.url, viewport: DESKTOP });
    await sharing.addInitScript(() => {
      const shared: { name: string; type: string }[] = [];
      Object.assign(window, { shared });
      navigator.canShare = () => true;
      navigator.share = async (data?: ShareData) => void shared.push(...(data?.files ?? []).map((f) => ({ name: f.name, type: f.type })));
    });
    const phone = await sharing.newPage();
    // The session of this tab, in a new one: the same user signed in.
    const session = await page.evaluate(() => JSON.stringify(sessionStorage));
    await phone.goto('/');
    await phone.evaluate((s) => Object.entries(JSON.parse(s) as Record<string, string>).forEach(([k, v]) => sessionStorage.setItem(k, v)), session);
    await phone.goto('/gallery');
    await phone.getByRole('tab', { name: 'images', exact: true }).click();
    const ready = phone.getByRole('button', { name: 'Share image 1' });
    // Prepared without a tap, as the card came into view.
    await expect.poll(() => ready.getAttribute('data-share-state')).toBe('ready');
    await ready.click();
    const imageId = (await gallery()).images[0]!.id;
    await expect.poll(() => phone.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([{ name: `watermarked-image-${imageId}.png`, type: 'image/png' }]);
    await sharing.close();
  });

  it('on a phone: the filters fold behind Filter, card actions sit in one menu; gallery and panel axe-clean at 390 and 1440', { timeout: 120_000 }, async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/gallery');
    await page.getByRole('tab', { name: 'faces', exact: true }).click();
    await card('Face 1').waitFor();
    const kinds = page.getByRole('group', { name: 'Kinds' });
    expect(await kinds.isVisible()).toBe(false);
    const filter = page.getByRole('button', { name: /^Filter/ });
    expect(await filter.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('button', { name: 'Download face 1' }).isVisible()).toBe(false);
    expect(await button('Favourite face 1').isVisible()).toBe(true);
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page, '/gallery (390)')).toEqual([]);
    await shoot(page, 'gallery-390.png');
    await filter.click();
    expect(await kinds.isVisible()).toBe(true);
    await shoot(page, 'gallery-filters-390.png');

    await button('Actions for face 1').click();
    const panel = page.getByRole('dialog', { name: 'Details of face 1' });
    await panel.getByRole('region', { name: 'Settings' }).waitFor();
    expect(await button('Download face 1').isVisible()).toBe(true);
    expect(await axeViolations(page, '/gallery details (390)')).toEqual([]);
    await shootView(page, 'gallery-details-390.png');
    await button('Close details').click();

    await page.setViewportSize(DESKTOP);
    await page.getByRole('tab', { name: 'images', exact: true }).click();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeViolations(page, '/gallery (1440)')).toEqual([]);
    await shoot(page, 'gallery-1440.png');
  });

  it('delete waits 10 s for Undo on the page: Undo sends nothing; then DELETE goes and the item is gone', { timeout: 120_000 }, async () => {
    const timed = await timedGallery();
    const deletes: string[] = [];
    timed.on('request', (r) => r.url().includes('/api/media/') && r.method() !== 'GET' && deletes.push(`${r.method()} ${new URL(r.url()).pathname}`));
    const before = (await gallery(timed)).faces.map((f) => f.id);
    await button('Delete face 3', timed).click();
    await expect.poll(() => card('Face 3', timed).count()).toBe(0);
    const notice = timed.getByRole('status').filter({ hasText: 'Face 3 deleted.' });
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await card('Face 3', timed).waitFor();
    await timed.clock.runFor(15_000);
    expect(deletes).toEqual([]);

    await button('Delete face 3', timed).click();
    await timed.clock.runFor(9_000);
    expect(deletes).toEqual([]);
    await timed.clock.runFor(1_000);
    await expect.poll(() => deletes).toEqual([`DELETE /api/media/${before[2]}`]);
    await expect.poll(async () => (await gallery(timed)).faces.map((f) => f.id)).toEqual(before.slice(0, 2));
    // Leaving the page sends a delete at once.
    await button('Delete face 2', timed).click();
    await timed.getByRole('link', { name: 'Queue' }).first().click();
    await expect.poll(() => deletes.length).toBe(2);
    await expect.poll(async () => (await gallery(timed)).faces.length).toBe(1);
    await timed.context().close();
  });

  it('offline: a star or a delete the server cannot get goes back, and the page says so', { timeout: 60_000 }, async () => {
    const timed = await timedGallery();
    await timed.getByRole('tab', { name: 'faces', exact: true }).click();
    await card('Face 1', timed).waitFor();
    await timed.context().setOffline(true);
    try {
      await button('Favourite face 1', timed).click();
      await expect.poll(() => timed.getByRole('alert').filter({ hasText: 'could not be marked' }).innerText()).toContain('Face 1 could not be marked a favourite (you seem to be offline). Nothing was changed.');
      expect(await button('Favourite face 1', timed).getAttribute('aria-pressed')).toBe('false');
      await button('Delete face 1', timed).click();
      await expect.poll(() => card('Face 1', timed).count()).toBe(0);
      await timed.clock.runFor(10_000);
      await expect.poll(() => timed.getByRole('alert').filter({ hasText: 'could not be deleted' }).innerText()).toContain('Face 1 could not be deleted (you seem to be offline), so it is back in your gallery.');
      await card('Face 1', timed).waitFor();
    } finally {
      await timed.context().setOffline(false);
    }
    expect((await gallery(timed)).faces.length).toBe(1);
    await timed.context().close();
  });

  it('on a phone, a new studio result scrolls into view below the form', { timeout: 90_000 }, async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/face');
    await page.getByRole('tab', { name: 'Prompt' }).click();
    await page.getByRole('textbox', { name: 'Prompt' }).fill('A dancer with short blue hair');
    await button('Generate Face').click();
    // Back to the top while it runs: the result panel is below the fold, under the form.
    await page.evaluate(() => scrollTo(0, 0));
    const face = page.getByRole('img', { name: 'Generated face' });
    await face.waitFor({ timeout: 60_000 });
    // The page took it into view by itself.
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await expect.poll(async () => (await face.boundingBox())!.y).toBeLessThan(PHONE.height / 2);
    await page.setViewportSize(DESKTOP);
  });
});
