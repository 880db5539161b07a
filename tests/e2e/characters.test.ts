// Characters end to end (issue 44) on the local engine, in the built app: a subscribed user saves
// a generated face as a character (its preset voice heard first), makes an image and a talking
// clip from its profile (the clip's audio differs from the default voice's), switches characters
// on a studio screen (face and gender follow), filters the gallery and the queue by character,
// opens /characters and the profile offline, and deletes a character. Axe-clean and looked at on
// 390 and 1440 px (STUDIO_SHOTS_DIR).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { CHARACTER_MESSAGES } from '../../contract/characters';
import { CONSENT_LABEL, STUDIO_MESSAGES } from '../../contract/studio';
import { collectAlerts } from './support/accounts';
import { DESKTOP, launchChromium, newAppContext, serviceWorkerControls } from './support/browser';
import { checkAtBothSizes } from './support/shots';
import { apiInPage, skipTours, subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 30_000 } } });

const server = { url: inject('baseURL'), dataDir: inject('dataDir') };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let files: string;
let alerts: string[];
let avaId = '';

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'characters-files-'));
  browser = await launchChromium();
  context = await newAppContext(browser, { serviceWorkers: 'allow', baseURL: server.url, viewport: DESKTOP });
  page = await context.newPage();
  alerts = collectAlerts(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
  rmSync(files, { recursive: true, force: true });
});

const button = (p: Page, name: string) => p.getByRole('button', { name, exact: true });
const dialog = (p: Page) => p.getByRole('dialog');
const bar = (p: Page) => p.getByRole('region', { name: 'Current character' });
const talkingVideo = (p: Page) => p.locator('video[aria-label="Talking character"]');

/** Makes it talk and waits for a new result; answers its URL. */
async function talk(p: Page, before: string | null): Promise<string> {
  await button(p, 'Make it talk').click();
  await expect.poll(async () => {
    const src = await talkingVideo(p).getAttribute('src').catch(() => null);
    return src && src !== before ? src : null;
  }, { timeout: 120_000 }).not.toBeNull();
  return (await talkingVideo(p).getAttribute('src'))!;
}

/** The md5 of a clip's audio stream, read through the page (its session) and ffmpeg. */
async function audioDigest(p: Page, src: string, name: string): Promise<string> {
  const bytes = await p.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src);
  const file = join(files, name);
  writeFileSync(file, Buffer.from(bytes));
  return execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:a', '-f', 'md5', '-']).toString().trim();
}

describe('characters (issue 44)', () => {
  it('a generated face is saved as a character: fields refused by name, its voice heard first', { timeout: 240_000 }, async () => {
    await subscribedUser(page, server, 'characters');
    await skipTours(page);
    await page.goto('/characters');
    await page.getByRole('heading', { name: 'No characters yet' }).waitFor();
    await checkAtBothSizes(page, 'characters-empty');

    await page.goto('/face');
    // With no character chosen the face screen is the spec's, with the switcher on "No character".
    expect(await bar(page).getByLabel('Character', { exact: true }).inputValue()).toBe('');
    for (const [i, name] of ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'].entries()) await page.getByLabel(`Celebrity ${i + 1}`).fill(name);
    await button(page, 'Generate Face').click();
    await page.getByRole('img', { name: 'Generated face', exact: true }).waitFor({ timeout: 90_000 });

    await button(page, 'Save as character').click();
    const form = dialog(page);
    await form.getByRole('heading', { name: 'New character' }).waitFor();
    // The face it was opened from is the chosen one.
    await expect.poll(() => form.getByRole('group', { name: 'Choose a face or image' }).getByRole('button', { pressed: true }).count()).toBe(1);
    // Nothing typed: the name is refused on the page, under its field.
    await button(page, 'Create character').click();
    await form.getByText('Please enter a name.').waitFor();
    await form.getByRole('textbox', { name: 'Name' }).fill('Ava Stone');
    await form.getByRole('textbox', { name: 'Bio' }).fill('A travel creator from Lisbon.');
    await form.getByRole('textbox', { name: 'Style' }).fill('film grain, warm tones');
    await form.getByLabel('Voice for typed text').selectOption({ label: 'Calm' });
    // "Hear it": the server speaks the preset; the page plays it.
    await button(page, 'Hear it').click();
    await expect.poll(() => form.getByLabel('Voice preview').getAttribute('src')).toMatch(/^blob:/);
    await checkAtBothSizes(page, 'characters-new-dialog');
    await button(page, 'Create character').click();
    await page.waitForURL(/\/characters\/[^/]+$/);
    avaId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
    await page.getByRole('heading', { level: 1, name: 'Ava Stone' }).waitFor();
    expect(await page.getByText('film grain, warm tones').isVisible()).toBe(true);
    expect(await page.getByText(/^Calm female voice/).isVisible()).toBe(true);

    // The same name again: the server's refusal shows under Name.
    await page.goto('/characters');
    await page.getByRole('link', { name: 'Ava Stone' }).waitFor();
    await button(page, 'New character').click();
    await form.getByRole('textbox', { name: 'Name' }).fill('ava stone');
    await form.getByRole('group', { name: 'Choose a face or image' }).getByRole('button').first().click();
    await button(page, 'Create character').click();
    await form.getByText(CHARACTER_MESSAGES.nameTaken).waitFor();
    await button(page, 'Cancel').click();
    await expect.poll(() => dialog(page).count()).toBe(0);
    expect(alerts).toEqual([]);
  });

  it('a second character from an uploaded portrait, with its consent box', { timeout: 120_000 }, async () => {
    const portrait = join(files, 'portrait.png');
    await sharp({ create: { width: 512, height: 640, channels: 3, background: { r: 180, g: 140, b: 120 } } }).png().toFile(portrait);
    await page.goto('/characters');
    await button(page, 'New character').click();
    const form = dialog(page);
    await form.getByRole('textbox', { name: 'Name' }).fill('Ben Okafor');
    await form.getByRole('group', { name: 'Gender' }).getByRole('button', { name: 'Men', exact: true }).click();
    await form.getByRole('tab', { name: 'Upload a portrait' }).click();
    await form.getByLabel('Portrait', { exact: true }).setInputFiles(portrait);
    // Without the consent box the page refuses it under the face.
    await button(page, 'Create character').click();
    await form.getByText(STUDIO_MESSAGES.consent).waitFor();
    await form.getByRole('checkbox', { name: CONSENT_LABEL }).check();
    // A voice sample (checked in the page, 1 to 60 s), with a consent box of its own.
    const wav = join(files, 'ben.wav');
    execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-ac', '1', wav]);
    await form.getByRole('tab', { name: 'Voice sample' }).click();
    const sample = form.getByRole('button', { name: 'Voice sample', exact: true });
    await sample.setInputFiles(wav);
    await expect.poll(() => sample.isEnabled()).toBe(true);
    await button(page, 'Create character').click();
    await form.getByText(STUDIO_MESSAGES.consent).waitFor();
    await form.getByRole('checkbox', { name: CONSENT_LABEL }).last().check();
    await button(page, 'Create character').click();
    await page.getByRole('heading', { level: 1, name: 'Ben Okafor' }).waitFor();
    expect(await page.getByText('Voice sample, 2 s').isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: "Ben Okafor's face" }).getAttribute('src')).toMatch(/\/media\/characters\/portraits\//);
    await page.goto('/characters');
    await expect.poll(() => page.getByRole('list', { name: 'Your characters' }).getByRole('listitem').count()).toBe(2);
    await checkAtBothSizes(page, 'characters-list');
  });

  it('from its profile: an image and a talking clip in its voice, both tagged with it', { timeout: 400_000 }, async () => {
    await page.goto(`/characters/${encodeURIComponent(avaId)}`);
    await button(page, 'Make an image').click();
    await page.waitForURL('**/image');
    expect(await bar(page).getByLabel('Character', { exact: true }).inputValue()).toBe(avaId);
    expect(await page.getByRole('group', { name: 'Gender' }).getByRole('button', { name: 'Women' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByRole('group', { name: 'Choose a face' }).getByRole('button', { pressed: true }).count()).toBe(1);
    await page.getByLabel('Pose').selectOption('Half body');
    await page.getByRole('textbox', { name: 'Prompt' }).fill('On a tram in Lisbon');
    await checkAtBothSizes(page, 'characters-image-screen');
    await button(page, 'Generate Image').click();
    await page.getByRole('img', { name: 'Generated image', exact: true }).waitFor({ timeout: 120_000 });

    await page.goto(`/characters/${encodeURIComponent(avaId)}`);
    await button(page, 'Make a talking clip').click();
    await page.waitForURL('**/talk');
    // Typed text by default, in the character's voice; its face chosen.
    await page.getByText("Spoken in Ava Stone's voice (Calm).").waitFor();
    await expect.poll(() => page.getByRole('group', { name: 'Choose a face or image' }).getByRole('button', { pressed: true }).count()).toBe(1);
    const line = 'Hello! I am Ava, and this is my voice.';
    await page.getByLabel('Text to speak').fill(line);
    await checkAtBothSizes(page, 'characters-talking-screen');
    const own = await talk(page, null);

    // The same line with no character: the default voice, another sound.
    await bar(page).getByLabel('Character', { exact: true }).selectOption({ label: 'No character' });
    await page.getByText("Spoken in Ava Stone's voice (Calm).").waitFor({ state: 'detached' });
    const plain = await talk(page, own);
    expect(await audioDigest(page, own, 'own.mp4')).not.toBe(await audioDigest(page, plain, 'plain.mp4'));

    const jobs = await apiInPage<{ jobs: { kind: string; character_id?: string | null }[] }>(page, '/jobs?limit=10', null);
    const tagged = (kind: string) => jobs.data.jobs.filter((j) => j.kind === kind).map((j) => j.character_id ?? null);
    expect(tagged('image')).toEqual([avaId]);
    expect(tagged('talking')).toEqual([null, avaId]);
  });

  it('switching characters on a studio screen fills its face and gender', { timeout: 60_000 }, async () => {
    await page.goto('/video');
    const switcher = bar(page).getByLabel('Character', { exact: true });
    const pressed = (name: string) => page.getByRole('group', { name: 'Gender' }).getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
    await switcher.selectOption({ label: 'Ben Okafor' });
    await expect.poll(() => pressed('Men')).toBe('true');
    await expect.poll(() => page.getByRole('group', { name: 'Choose a face' }).getByRole('button', { name: 'Character face' }).getAttribute('aria-pressed')).toBe('true');
    await switcher.selectOption({ label: 'Ava Stone' });
    await expect.poll(() => pressed('Women')).toBe('true');
    await expect.poll(() => page.getByRole('group', { name: 'Choose a face' }).getByRole('button', { pressed: true }).count()).toBe(1);
    // The choice is remembered on the device: another screen opens with it.
    await page.goto('/Imagetovideo');
    await expect.poll(() => bar(page).getByLabel('Character', { exact: true }).inputValue()).toBe(avaId);
    expect(await bar(page).getByLabel('Use style').isChecked()).toBe(true);
    await switcher.selectOption({ label: 'No character' });
    await page.goto('/face');
    await expect.poll(() => bar(page).getByLabel('Character', { exact: true }).inputValue()).toBe('');
  });

  it('the gallery and the queue show each item\'s character and filter by it', { timeout: 90_000 }, async () => {
    await page.goto('/gallery');
    const search = page.getByRole('search', { name: 'Search your gallery' });
    await search.getByLabel('Character', { exact: true }).selectOption({ label: 'Ava Stone' });
    await button(page, 'Search').click();
    const found = (kind: string) => page.getByRole('list', { name: `Found ${kind}` }).getByRole('listitem');
    await expect.poll(() => found('images').count()).toBe(1);
    expect(await found('videos').count()).toBe(1);
    expect(await found('faces').count()).toBe(0);
    expect(await found('images').first().getByLabel('Character of image 1').inputValue()).toBe(avaId);
    await checkAtBothSizes(page, 'characters-gallery-filtered');
    await search.getByLabel('Character', { exact: true }).selectOption({ label: 'No character' });
    await button(page, 'Search').click();
    await expect.poll(() => found('faces').count()).toBe(1);
    expect(await found('videos').count()).toBe(1);
    expect(await found('images').count()).toBe(0);
    // The clip in the default voice moves to Ava (PATCH /api/media/{id}).
    const clip = found('videos').first().getByLabel('Character of video 1');
    await clip.selectOption({ label: 'Ava Stone' });
    await expect.poll(() => clip.isEnabled()).toBe(true);
    expect(await clip.inputValue()).toBe(avaId);
    await search.getByLabel('Character', { exact: true }).selectOption({ label: 'Ava Stone' });
    await button(page, 'Search').click();
    await expect.poll(() => found('videos').count()).toBe(2);

    await page.goto('/queue');
    const finished = page.getByRole('list', { name: 'Finished jobs' }).getByRole('listitem');
    await expect.poll(() => finished.count()).toBe(4);
    await page.getByLabel('Character', { exact: true }).selectOption({ label: 'Ava Stone' });
    await expect.poll(() => finished.count()).toBe(2);
    expect(await finished.filter({ hasText: 'Ava Stone' }).count()).toBe(2);
    await checkAtBothSizes(page, 'characters-queue-filtered');
  });

  it('offline: /characters and a profile open from what this device kept', { timeout: 120_000 }, async () => {
    await serviceWorkerControls(page);
    await page.goto(`/characters/${encodeURIComponent(avaId)}`);
    await expect.poll(() => page.getByRole('list', { name: 'Found images' }).getByRole('listitem').count()).toBe(1);
    await checkAtBothSizes(page, 'characters-profile');
    await button(page, 'Edit').click();
    await page.getByRole('form', { name: 'Edit Ava Stone' }).waitFor();
    await checkAtBothSizes(page, 'characters-profile-edit');
    await button(page, 'Cancel').click();
    await page.goto('/characters');
    const cards = page.getByRole('list', { name: 'Your characters' });
    await expect.poll(() => cards.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.length === 2 && imgs.every((i) => i.complete && i.naturalWidth > 0))).toBe(true);

    await context.setOffline(true);
    await page.close();
    page = await context.newPage();
    alerts = collectAlerts(page);
    await page.goto('/characters');
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'could not be refreshed' }).isVisible()).toBe(true);
    const kept = page.getByRole('list', { name: 'Your characters' });
    await expect.poll(() => kept.getByRole('listitem').count()).toBe(2);
    await expect.poll(() => kept.locator('img').evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => i.complete && i.naturalWidth > 0))).toBe(true);
    await checkAtBothSizes(page, 'characters-offline');
    await page.getByRole('link', { name: 'Ava Stone' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ava Stone' }).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'Found images' }).getByRole('listitem').count()).toBe(1);
    await context.setOffline(false);
  });

  it('a character with a voice sample speaks with it on the talking screen', { timeout: 200_000 }, async () => {
    await page.goto('/talk');
    const before = await talkingVideo(page).getAttribute('src').catch(() => null);
    await bar(page).getByLabel('Character', { exact: true }).selectOption({ label: 'Ben Okafor' });
    await expect.poll(() => page.getByRole('tab', { name: "Ben Okafor's voice" }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('group', { name: 'Choose a face or image' }).getByRole('button', { name: 'Character face' }).getAttribute('aria-pressed')).toBe('true');
    await talk(page, before);
    const jobs = await apiInPage<{ jobs: { kind: string; character_id?: string | null }[] }>(page, '/jobs?limit=1', null);
    expect(jobs.data.jobs[0]).toMatchObject({ kind: 'talking' });
    expect(jobs.data.jobs[0]!.character_id).not.toBe(avaId);
    expect(jobs.data.jobs[0]!.character_id).toBeTruthy();
    await bar(page).getByLabel('Character', { exact: true }).selectOption({ label: 'No character' });
  });

  it('deleting a character asks about its outputs first', { timeout: 60_000 }, async () => {
    await page.goto('/characters');
    await page.getByRole('link', { name: 'Ben Okafor' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ben Okafor' }).waitFor();
    await button(page, 'Delete').click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Ben Okafor?' });
    await confirm.getByText('Its 1 output stays in your gallery').waitFor();
    const videos = async () => (await apiInPage<{ videos: unknown[] }>(page, '/gallery/', {})).data.videos.length;
    expect(await videos()).toBe(3);
    await confirm.getByRole('checkbox', { name: 'Also delete its 1 output' }).check();
    await checkAtBothSizes(page, 'characters-delete');
    await button(page, 'Delete character and outputs').click();
    await page.waitForURL('**/characters');
    await expect.poll(() => page.getByRole('list', { name: 'Your characters' }).getByRole('listitem').count()).toBe(1);
    // Its clip went with it.
    expect(await videos()).toBe(2);
    // Ava's outputs would stay untagged unless the box is ticked.
    await page.getByRole('link', { name: 'Ava Stone' }).click();
    await button(page, 'Delete').click();
    await page.getByRole('alertdialog').getByText('Its 3 outputs stay in your gallery').waitFor();
    expect(await page.getByRole('checkbox', { name: 'Also delete its 3 outputs' }).isChecked()).toBe(false);
    await button(page, 'Cancel').click();
    expect(alerts).toEqual([]);
  });
});
