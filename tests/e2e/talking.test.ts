// The talking character end to end (issue 32) on the local engine, in the built app: a subscribed
// user makes a face, opens Talking Character from the sidebar, makes it say typed text, a WAV
// they upload (with consent) and a recording of Chromium's fake microphone (asked for only on
// Record, converted to WAV in the page); each result plays in the panel with its watermarked
// download (sound kept), and lands in the gallery's videos. Axe-clean and looked at on 390 and 1440 px.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { collectAlerts } from './support/accounts';
import { axeViolations } from './support/axe';
import { DESKTOP, newAppContext } from './support/browser';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './support/chromium';
import { checkAtBothSizes } from './support/shots';
import { apiInPage, fileIn, skipTours, subscribedUser, useSettingsOf } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

// The shared test server; a Chromium of this file's own, for its fake microphone.
const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;
let alerts: string[];

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'talking-files-'));
  // Chromium's fake microphone (a beeping tone) and no permission prompt: the page still asks only on Record.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] });
  context = await newAppContext(browser, { baseURL: server.url, viewport: DESKTOP, acceptDownloads: true });
  page = await context.newPage();
  alerts = collectAlerts(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
const resultVideo = (p: Page) => p.locator('video[aria-label="Talking character"]');

/** Makes it talk and waits for a new result; answers its URL. */
async function talk(p: Page, before: string | null): Promise<string> {
  await button(p, 'Make it talk').click();
  await expect.poll(async () => {
    const src = await resultVideo(p).getAttribute('src').catch(() => null);
    return src && src !== before ? src : null;
  }, { timeout: 90_000 }).not.toBeNull();
  return (await resultVideo(p).getAttribute('src'))!;
}

describe('talking character (issue 32)', () => {
  it('a face says typed text, an uploaded WAV and a recording; each plays with its watermarked download and joins the gallery', { timeout: 300_000 }, async () => {
    await subscribedUser(page, server, 'talking');
    await skipTours(page);
    // With no face yet, the screen leads to Face Generation.
    await page.goto('/talk');
    expect(await page.getByRole('link', { name: 'Generate a face first' }).getAttribute('href')).toBe('/face');
    await page.goto('/face');
    for (const [i, name] of ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'].entries()) await page.getByLabel(`Celebrity ${i + 1}`).fill(name);
    await button(page, 'Generate Face').click();
    await page.getByRole('img', { name: 'Generated face', exact: true }).waitFor({ timeout: 60_000 });

    await page.getByRole('link', { name: 'Talking Character' }).first().click();
    await page.waitForURL('**/talk');
    // The sidebar stays open while its link has the focus: the face is picked from the keyboard.
    await page.mouse.move(DESKTOP.width - 10, DESKTOP.height - 10);
    await button(page, 'Generated image 1').focus();
    await page.keyboard.press('Enter');
    expect(await button(page, 'Generated image 1').getAttribute('aria-pressed')).toBe('true');

    // 'How to use' opens the screen's tour, which never opens by itself (no account flag for it).
    const popover = page.locator('.driver-popover');
    expect(await popover.count()).toBe(0);
    await button(page, 'How to use').click();
    await expect.poll(() => popover.locator('.driver-popover-title').innerText().catch(() => '')).toBe('Pick the face');
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.count()).toBe(0);

    // No song yet: the song tab says so and leads to AI Music.
    await page.getByRole('tab', { name: 'A song' }).click();
    await page.getByText('You have no songs yet.').waitFor();
    expect(await page.getByRole('link', { name: 'Make a song first' }).getAttribute('href')).toBe('/AIMusic');

    // Typed text, spoken by espeak-ng on the server.
    await page.getByRole('tab', { name: 'Type text' }).click();
    await page.getByLabel('Text to speak').fill('Hello! I am your new character, and now I can talk.');
    const first = await talk(page, null);
    expect(first).toMatch(/\/media\/gen\/[0-9a-f]{32}\.mp4/);
    // Issue 45: the voice is heard: sound on, the player's controls, played once (no muted loop).
    expect(await resultVideo(page).evaluate((v) => { const el = v as HTMLVideoElement; return { controls: el.controls, muted: el.muted, loop: el.loop }; })).toEqual({ controls: true, muted: false, loop: false });
    // The download is watermarked as every video's (Share shows only where the browser can share files).
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), button(page, 'Download').click()]);
    expect(download.suggestedFilename()).toMatch(/^watermarked-video-[\w-]+\.mp4$/);
    const saved = join(files, download.suggestedFilename());
    await download.saveAs(saved);
    const streams = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type', '-of', 'csv=p=0', saved]).toString().split('\n').filter(Boolean).sort();
    expect(streams).toEqual(['audio', 'video']);
    await checkAtBothSizes(page, 'talking-text');

    // An uploaded voice: checked in the page (1 to 60 s), then consent before it is sent.
    const wav = join(files, 'voice.wav');
    execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1,apad', '-t', '2', '-ac', '1', wav]);
    const half = join(files, 'half.wav');
    execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=0.5', '-ac', '1', half]);
    await page.getByRole('tab', { name: 'Upload a voice' }).click();
    const voice = page.getByLabel('Voice File');
    await voice.setInputFiles(half);
    await expect.poll(() => alerts.includes('Audio must be at least 1 second long.')).toBe(true);
    await voice.setInputFiles(wav);
    await expect.poll(() => voice.isEnabled()).toBe(true);
    await button(page, 'Make it talk').click();
    await expect.poll(() => alerts.some((a) => /consent|permission|right/i.test(a))).toBe(true);
    await page.getByRole('checkbox').check();
    const second = await talk(page, first);

    // A recording: the microphone is asked for on Record only; the page sends a WAV.
    await page.getByRole('tab', { name: 'Record' }).click();
    await button(page, 'Record').click();
    // Past the 1 s minimum by the recorder's own count (it counts whole seconds recorded).
    await page.getByText(/Recording… ([2-9]|\d\d) s/).waitFor({ timeout: 15_000 });
    await button(page, 'Stop recording').click();
    await page.getByLabel('Your recording').waitFor({ timeout: 20_000 });
    const checkbox = page.getByRole('checkbox');
    if (!(await checkbox.isChecked())) await checkbox.check();
    expect(await axeViolations(page, '/talk with a recording')).toEqual([]);
    const third = await talk(page, second);

    const gallery = await apiInPage<{ videos: { id: string; video_url: string }[] }>(page, '/gallery/', {});
    const itemOf = (url: string) => gallery.data.videos.find((v) => v.video_url === url.replace(/\?t=\d+$/, '').replace(/^https?:\/\/[^/]+/, ''));
    for (const url of [first, second, third]) expect(itemOf(url)).toBeDefined();
    await checkAtBothSizes(page, 'talking-recorded');

    // Opened directly (a reload, a link): the screen, with the last result kept.
    expect((await page.goto('/talk'))?.status()).toBe(200);
    await expect.poll(() => resultVideo(page).getAttribute('src')).toBe(third);
    const current = page.getByRole('navigation', { name: 'Studio' }).locator('[aria-current="page"]');
    await expect.poll(() => current.innerText()).toBe('Talking Character');

    // "Use these settings" (issue 45): the typed text comes back with its face; an uploaded voice as its file, checked again.
    await useSettingsOf(page, itemOf(first)!.id, '/talk');
    await expect.poll(() => page.getByLabel('Text to speak').inputValue()).toBe('Hello! I am your new character, and now I can talk.');
    expect(await page.getByRole('tab', { name: 'Type text' }).getAttribute('aria-selected')).toBe('true');
    expect(await button(page, 'Generated image 1').getAttribute('aria-pressed')).toBe('true');
    await useSettingsOf(page, itemOf(second)!.id, '/talk');
    await expect.poll(() => page.getByRole('tab', { name: 'Upload a voice' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => fileIn(page, 'Voice File')).toBe('voice.wav');
    await expect.poll(() => page.getByLabel('Voice File').isEnabled()).toBe(true);
  });
});
