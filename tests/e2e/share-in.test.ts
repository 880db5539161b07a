// Sharing into the app (issue 28) in Chromium against the built app: a multipart POST to the
// share target (the system share sheet's request, made here by a form on the app's own origin)
// with the service worker in control, for a picture, a song and a link, signed in and signed out,
// online and offline; without a worker the server's 303 and its notice; a file the screen
// refuses; the file handlers' launchQueue fed launch parameters built in the test (headless
// Chromium cannot open files with an installed app).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { collectAlerts, logIn } from './support/accounts';
import { signUpViaApi, type TestUser } from './support/accountsApi';
import { DESKTOP, launchChromium, newAppContext, PHONE } from './support/browser';
import { controlled, share } from './support/share';
import { shoot } from './support/shots';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const chosenFile = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((input: HTMLInputElement) => input.files?.[0]?.name ?? null);

describe('sharing into the app', () => {
  const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
  const dir = mkdtempSync(join(tmpdir(), 'persona-share-'));
  let browser: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let page: Page;
  let alerts: string[];
  let user: TestUser;
  let garment: Buffer;
  let song: Buffer;

  beforeAll(async () => {
    garment = await sharp({ create: { width: 300, height: 400, channels: 3, background: { r: 200, g: 30, b: 60 } } }).png().toBuffer();
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050:duration=16', '-ac', '1', join(dir, 'song.wav')]);
    song = readFileSync(join(dir, 'song.wav'));
    browser = await launchChromium();
    context = await newAppContext(browser, { serviceWorkers: 'allow', baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    alerts = collectAlerts(page);
    user = await signUpViaApi(server, 'share-in');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/face');
    await controlled(page);
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a picture opens Cloth Swap with it chosen as the garment', async () => {
    await share(page, { files: [{ name: 'garment.png', mimeType: 'image/png', buffer: garment }], title: 'My top' });
    await page.waitForURL('**/clothSwap');
    await expect.poll(() => chosenFile(page, 'Garment')).toBe('garment.png');
    await expect.poll(() => page.getByRole('img', { name: 'The uploaded garment' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(300);
    await shoot(page, 'share-garment-1440.png');
    // Taken: a reload does not choose it again.
    await page.reload();
    await page.getByLabel('Garment').waitFor();
    expect(await chosenFile(page, 'Garment')).toBeNull();
  });

  it('a song opens AI Music with it as the song file, checked as a picked one is', async () => {
    await share(page, { files: [{ name: 'song.wav', mimeType: 'audio/wav', buffer: song }] });
    await page.waitForURL('**/AIMusic');
    await expect.poll(() => chosenFile(page, 'Song File')).toBe('song.wav');
    await expect.poll(() => page.getByLabel('Song File').isEnabled()).toBe(true);
    expect(alerts).toEqual([]);
  });

  it('an Instagram post link opens the Image Link tab filled; a reel, the Video one', async () => {
    await share(page, { title: 'Post', url: 'https://www.instagram.com/p/Cx1AbC/' });
    await page.waitForURL('**/image');
    await expect.poll(() => page.getByRole('tab', { name: 'Link' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByLabel('Instagram link').inputValue()).toBe('https://www.instagram.com/p/Cx1AbC/');
    await share(page, { text: 'Watch https://www.instagram.com/reel/Cx2DeF/?igsh=x1 !' });
    await page.waitForURL('**/video');
    await expect.poll(() => page.getByLabel('Instagram reel link').inputValue()).toBe('https://www.instagram.com/reel/Cx2DeF/?igsh=x1');
  });

  it('offline, the worker still takes the share and the screen holds it', async () => {
    await page.goto('/gallery');
    await context.setOffline(true);
    try {
      await share(page, { files: [{ name: 'offline.png', mimeType: 'image/png', buffer: garment }] });
      await page.waitForURL('**/clothSwap');
      await expect.poll(() => chosenFile(page, 'Garment')).toBe('offline.png');
    } finally {
      await context.setOffline(false);
    }
  });

  it('a file that is not a picture is refused by Cloth Swap with its own message', async () => {
    alerts.length = 0;
    await share(page, { files: [{ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') }] });
    await page.waitForURL('**/clothSwap');
    await expect.poll(() => alerts).toEqual(['Garment image must be PNG, JPEG or WEBP.']);
    expect(await page.getByRole('img', { name: 'The uploaded garment' }).count()).toBe(0);
  });

  it('nothing usable: the gallery says what can be shared', async () => {
    await share(page, { text: 'just words' });
    await page.waitForURL('**/gallery?share=unsupported');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Nothing in that share can be used here' }).isVisible()).toBe(true);
  });

  it('a file opened with the installed app (launchQueue) lands on its screen', async () => {
    const launched = await newAppContext(browser, { serviceWorkers: 'allow', baseURL: server.url, viewport: PHONE });
    try {
      // Launch parameters as Chromium hands them to /open-file, built here.
      await launched.addInitScript(() => {
        const consumers: Array<(params: unknown) => void> = [];
        Object.defineProperty(window, 'launchQueue', { value: { setConsumer: (c: (params: unknown) => void) => consumers.push(c) } });
        (window as unknown as { launchWith: (name: string, type: string, b64: string) => void }).launchWith = (name, type, b64) => {
          const file = new File([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], name, { type });
          for (const consumer of consumers) consumer({ files: [{ kind: 'file', getFile: async () => file }] });
        };
      });
      const tab = await launched.newPage();
      await logIn(tab, user.email, user.password);
      await tab.waitForURL('**/face');
      await tab.goto('/open-file');
      await tab.getByRole('status').filter({ hasText: 'Opening your file' }).waitFor({ state: 'attached' });
      await tab.evaluate((b64) => (window as unknown as { launchWith: (n: string, t: string, b: string) => void }).launchWith('opened.wav', 'audio/wav', b64), song.toString('base64'));
      await tab.waitForURL('**/AIMusic');
      await expect.poll(() => chosenFile(tab, 'Song File')).toBe('opened.wav');
      await shoot(tab, 'share-song-390.png');
    } finally {
      await launched.close();
    }
  });

  it('signed out, the share waits through the sign-in and lands after it', async () => {
    const visitor = await newAppContext(browser, { serviceWorkers: 'allow', baseURL: server.url, viewport: PHONE });
    try {
      const tab = await visitor.newPage();
      await controlled(tab);
      await share(tab, { files: [{ name: 'before-login.png', mimeType: 'image/png', buffer: garment }] });
      await tab.waitForURL('**/login');
      await logIn(tab, user.email, user.password);
      await tab.waitForURL('**/clothSwap');
      await expect.poll(() => chosenFile(tab, 'Garment')).toBe('before-login.png');
      await shoot(tab, 'share-garment-390.png');
    } finally {
      await visitor.close();
    }
  });

  it('with no worker in control, the server sends the share to its screen and asks to share it again', async () => {
    const first = await newAppContext(browser, { baseURL: server.url, viewport: DESKTOP, serviceWorkers: 'block' });
    try {
      const tab = await first.newPage();
      await logIn(tab, user.email, user.password);
      await tab.waitForURL('**/face');
      await share(tab, { files: [{ name: 'garment.png', mimeType: 'image/png', buffer: garment }] });
      await tab.waitForURL('**/clothSwap?share=again');
      await expect
        .poll(() => tab.getByRole('status').filter({ hasText: 'Persona Studio was not ready to receive your share yet. Please share it again.' }).isVisible())
        .toBe(true);
      expect(await chosenFile(tab, 'Garment')).toBeNull();
      await tab.getByRole('button', { name: 'Close' }).click();
      await tab.waitForURL((url) => !url.search.includes('share='));
    } finally {
      await first.close();
    }
  });
});
