// Share out (issue 28) in Chromium against the built app. Linux Chromium cannot share files, so
// navigator.canShare and navigator.share are replaced, before the app loads, by a recorder whose
// answer is set in localStorage ('files', 'no-files' or 'missing'). Results are put where the
// screens keep them (the session keys of spec §3) and the gallery call is answered by the test,
// both pointing at media with the server's IPTC mark, so what is shared can be checked to the byte.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildXmpPacket, readDigitalSourceType, readXmp, writeXmp } from '../../contract/provenance/index.ts';
import { imagePlacement, videoPlacement, type ImageVariant } from '../../contract/watermark';
import { collectAlerts } from './support/accounts';
import { signedInUser } from './support/accountsApi';
import { axeViolations } from './support/axe';
import { DESKTOP, launchChromium, newAppContext, PHONE } from './support/browser';
import { ROOT } from './support/server';
import { shoot } from './support/shots';
import { ffmpeg, frameAt, makeClip, probe } from './support/watermark';
import { settled } from './support/settle';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const MARK = 'http://cv.iptc.org/newscodes/digitalsourcetype/algorithmicMedia';
const PACKET = buildXmpPacket({ digitalSourceType: MARK, creatorTool: 'Persona Studio test', title: 'Persona Studio result' });
const markOf = (bytes: Uint8Array) => {
  const packet = readXmp(bytes);
  return packet === null ? null : readDigitalSourceType(packet);
};

const PICTURE = { width: 320, height: 400, grey: 64 };
const MEDIA = { image: '/media/gen/share-picture.jpg', video: '/media/gen/share-clip.mp4', song: '/media/gen/share-song.mp3' };

type Mode = 'files' | 'no-files' | 'missing';
interface Recorded {
  title: string | undefined;
  text: string | undefined;
  files: Array<{ name: string; type: string; size: number }>;
  /** Whether the click's user activation still held when navigator.share was called. */
  active: boolean;
}
declare global {
  interface Window {
    shares: Recorded[];
    sharedFiles: File[];
    shareLabels: string[];
    /** Web Share calls whose promise has settled (the page has had its answer). */
    sharesAnswered: number;
  }
}

/** Runs in the page before the app (an init script): the Web Share recorder. */
function installRecorder(): void {
  const mode = localStorage.getItem('shareRecorder') ?? 'files';
  window.shares = [];
  window.sharesAnswered = 0;
  window.sharedFiles = [];
  const define = (name: 'canShare' | 'share', value: unknown) => Object.defineProperty(Navigator.prototype, name, { value, configurable: true, writable: true });
  if (mode === 'missing') {
    define('canShare', undefined);
    define('share', undefined);
    return;
  }
  define('canShare', (data?: ShareData) => mode === 'files' && Array.isArray(data?.files) && data.files.length > 0 && data.files.every((f) => f instanceof File));
  define('share', (data: ShareData) => {
    const files = data.files ?? [];
    window.shares.push({ title: data.title, text: data.text, files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })), active: navigator.userActivation.isActive });
    window.sharedFiles.push(...files);
    const outcome = localStorage.getItem('shareOutcome') ?? 'ok';
    const answer = outcome === 'ok' ? Promise.resolve() : Promise.reject(new DOMException('Recorded failure', outcome));
    // Counted once the page has its answer (this handler runs before the app's own).
    void answer.then(
      () => window.sharesAnswered++,
      () => window.sharesAnswered++,
    );
    return answer;
  });
}

const baseURL = inject('baseURL');
const dataDir = inject('dataDir');
let dir: string;
let context: BrowserContext;
let page: Page;
let logo: { width: number; height: number };
const media = new Map<string, { body: Buffer; type: string }>();
/** While set, media requests wait for it: the test sees 'Preparing…' before the file is made. */
let hold: Promise<void> | null = null;

const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });

async function setMode(mode: Mode, outcome = 'ok'): Promise<void> {
  await page.evaluate(([m, o]) => (localStorage.setItem('shareRecorder', m), localStorage.setItem('shareOutcome', o)), [mode, outcome] as const);
}

/** A screen showing `result` as its last result (the spec's session key for that screen). */
async function screenWith(path: string, key: string, result: { url: string; jobId: string }): Promise<void> {
  await page.evaluate(([k, v]) => sessionStorage.setItem(k, v), [key, JSON.stringify({ ...result, engine: 'local', at: 1 })] as const);
  await page.goto(path);
}

/** The share button's visible words, each time they change (to catch a video's percentages). */
async function watchLabels(name: string | RegExp): Promise<void> {
  await button(name).evaluate((el) => {
    window.shareLabels = [el.textContent ?? ''];
    new MutationObserver(() => window.shareLabels.push(el.textContent ?? '')).observe(el, { childList: true, subtree: true, characterData: true });
  });
}

/** The button's words: 'Share', 'Preparing… 40%'... (a gallery button goes on with its item, 'Share image 1'). */
const isShare = (words: string) => /^Share(\s|$)/.test(words) && !words.includes('failed');

/** A Share prepared without a tap (issue 45: as the gallery's card came into view): one tap shares. */
async function shareAtOnce(name: string, timeout = 20_000): Promise<Recorded> {
  const before = await page.evaluate(() => window.shares.length);
  const share = button(name);
  await expect.poll(() => share.getAttribute('data-share-state'), { timeout }).toBe('ready');
  expect(await page.evaluate(() => window.shares.length)).toBe(before);
  await share.click();
  await expect.poll(() => page.evaluate(() => window.shares.length)).toBe(before + 1);
  return page.evaluate((i) => window.shares[i]!, before);
}

async function sharedBytes(index: number): Promise<Buffer> {
  const b64 = await page.evaluate(async (i) => {
    const bytes = new Uint8Array(await window.sharedFiles[i]!.arrayBuffer());
    let s = '';
    for (let at = 0; at < bytes.length; at += 0x8000) s += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
    return btoa(s);
  }, index);
  return Buffer.from(b64, 'base64');
}
const lastShared = async () => sharedBytes((await page.evaluate(() => window.sharedFiles.length)) - 1);

/** The shared picture is a PNG of the original's size, the logo where `variant` puts it and nowhere else, the mark kept. */
async function expectWatermarkedPicture(bytes: Buffer, variant: ImageVariant): Promise<void> {
  expect(markOf(bytes)).toBe(MARK);
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  expect([(await sharp(bytes).metadata()).format, info.width, info.height]).toEqual(['png', PICTURE.width, PICTURE.height]);
  const at = imagePlacement(variant, PICTURE, logo);
  let [inside, outside] = [0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (Math.abs(data[(y * info.width + x) * info.channels]! - PICTURE.grey) <= 3) continue;
      const inBox = x >= at.x - 1 && x <= at.x + at.width && y >= at.y - 1 && y <= at.y + at.height;
      if (inBox) inside++;
      else outside++;
    }
  }
  expect(inside).toBeGreaterThan(50);
  expect(outside).toBe(0);
}

function serveMedia(route: Route): Promise<void> {
  const path = new URL(route.request().url()).pathname;
  const found = media.get(path);
  if (!found) return route.continue();
  const waitFor = hold;
  return (waitFor ?? Promise.resolve()).then(() => route.fulfill({ body: found.body, contentType: found.type }));
}

const GALLERY = {
  faces: [{ id: 'gface1', created_at: '2026-11-26T10:00:00Z', image_url: MEDIA.image, gender: 'female', face_prompt: null }],
  images: [{ id: 'gimg1', created_at: '2026-11-26T10:00:00Z', image_url: MEDIA.image, gender: 'female' }],
  videos: [{ id: 'gvid1', created_at: '2026-11-26T10:00:00Z', video_url: MEDIA.video }],
  cloth: [],
  audio: [{ id: 'gsong1', created_at: '2026-11-26T10:00:00Z', audio_url: MEDIA.song }],
  gen_video: [],
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'share-out-'));
  const meta = await sharp(join(ROOT, 'public', 'watermark.png')).metadata();
  logo = { width: meta.width!, height: meta.height! };
  const { width, height, grey } = PICTURE;
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: grey, g: grey, b: grey } } }).jpeg({ quality: 100 }).toBuffer();
  media.set(MEDIA.image, { body: Buffer.from(writeXmp(jpeg, PACKET)), type: 'image/jpeg' });
  media.set(MEDIA.video, { body: Buffer.from(writeXmp(makeClip(join(dir, 'clip.mp4'), 1, { width: 320, height: 240 }), PACKET)), type: 'video/mp4' });
  ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050:duration=2', '-c:a', 'libmp3lame', join(dir, 'song.mp3')]);
  media.set(MEDIA.song, { body: readFileSync(join(dir, 'song.mp3')), type: 'audio/mpeg' });

  const browser = await launchChromium();
  // No service worker: page.route sees the media and gallery requests.
  context = await newAppContext(browser, { baseURL, viewport: DESKTOP, serviceWorkers: 'block', acceptDownloads: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await context.addInitScript(installRecorder);
  await context.route('**/media/gen/share-*', serveMedia);
  await context.route('**/api/gallery/', (route) => route.fulfill({ json: GALLERY }));
  page = await context.newPage();
  collectAlerts(page);
});

afterAll(async () => {
  await context?.browser()?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('share out (issue 28)', () => {
  // expect.poll (the sign-up's mail) works only inside a test; the tests go on in this page, in order.
  it('a user signs in (the screens read their results from the session)', async () => {
    await signedInUser(page, { url: baseURL, dataDir }, 'share');
    await page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));
  });

  it('a studio picture: prepared as it shows (issue 45), one tap shares the watermarked PNG with its title, the same file as the download', async () => {
    await screenWith('/clothSwap', 'genrated_cloth_image', { url: MEDIA.image, jobId: 'cloth42' });
    await page.getByRole('img', { name: 'Cloth swap result' }).waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Cloth swap result' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await button('Download').isVisible()).toBe(true);
    expect(await button('Share').getAttribute('aria-describedby')).toBe(await button('Download').getAttribute('aria-describedby'));

    const shared = await shareAtOnce('Share');
    expect(shared).toEqual({ title: 'Cloth swap result', text: undefined, files: [{ name: 'watermarked-image-cloth42.png', type: 'image/png', size: expect.any(Number) }], active: true });
    const bytes = await lastShared();
    await expectWatermarkedPicture(bytes, 'studio');

    // The download beside it saves the same picture under the same name.
    const [download] = await Promise.all([page.waitForEvent('download'), button('Download').click()]);
    expect(download.suggestedFilename()).toBe('watermarked-image-cloth42.png');
    const saved = readFileSync(await download.path());
    expect(markOf(saved)).toBe(MARK);
    expect(await sharp(saved).raw().toBuffer()).toEqual(await sharp(bytes).raw().toBuffer());
  });

  it('by keyboard: closing the sheet is no failure; another failure says so and retries with the file already made', async () => {
    const share = (await button('Share').elementHandle())!;
    expect(await share.innerText()).toBe('Share');
    await page.evaluate(() => (window.shareLabels = []));
    const count = await page.evaluate(() => window.shares.length);
    await setMode('files', 'AbortError');
    await share.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => window.shares.length)).toBe(count + 1);
    // The page has had the AbortError and painted since: the label is still (and was only ever) Share.
    await expect.poll(() => page.evaluate(() => window.sharesAnswered)).toBe(count + 1);
    await settled(page);
    expect(await share.innerText()).toBe('Share');

    await setMode('files', 'NotAllowedError');
    await page.keyboard.press('Enter');
    await expect.poll(() => share.innerText()).toBe('Share failed, retry');
    await setMode('files', 'ok');
    await page.keyboard.press('Space');
    await expect.poll(() => page.evaluate(() => window.shares.length)).toBe(count + 3);
    // The retry shared at once, from the key press, without preparing again.
    const last = await page.evaluate(() => window.shares.at(-1)!);
    expect([last.active, last.files[0]?.name]).toEqual([true, 'watermarked-image-cloth42.png']);
    await expect.poll(() => share.innerText()).toBe('Share');
    expect(await page.evaluate(() => window.shareLabels.some((l) => l.startsWith('Preparing')))).toBe(false);
  });

  it('a studio video: prepared as it shows, Preparing… with its percentage, then one tap shares the watermarked MP4 with the logo at the bottom centre and the mark', { timeout: 150_000 }, async () => {
    // The clip is held until the button is watched: it prepares as soon as the result shows (issue 45).
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await screenWith('/Imagetovideo', 'genrated_image_to_video_output', { url: MEDIA.video, jobId: 'i2v7' });
    await button(/^Preparing…/).waitFor();
    expect(await button(/^Preparing…/).getAttribute('aria-busy')).toBe('true');
    await watchLabels(/^Preparing…/);
    release();
    hold = null;
    const shared = await shareAtOnce('Share', 120_000);
    expect(shared).toEqual({ title: 'Image to video result', text: undefined, files: [{ name: 'watermarked-video-i2v7.mp4', type: 'video/mp4', size: expect.any(Number) }], active: true });
    const labels = await page.evaluate(() => window.shareLabels);
    expect(labels.some((l) => /^Preparing… \d+%/.test(l)), labels.join(' | ')).toBe(true);

    const out = join(dir, 'shared.mp4');
    const bytes = await lastShared();
    writeFileSync(out, bytes);
    expect(markOf(bytes)).toBe(MARK);
    expect(probe(out).streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    const before = frameAt(join(dir, 'clip.mp4'), 0.5);
    const after = frameAt(out, 0.5);
    const at = videoPlacement({ width: 320, height: 240 }, logo);
    let diff = 0;
    for (let y = at.y; y < at.y + at.height; y++) for (let x = at.x; x < at.x + at.width; x++) diff += Math.abs(before[(y * 320 + x) * 3]! - after[(y * 320 + x) * 3]!);
    expect(diff / (at.width * at.height)).toBeGreaterThan(8);
  });

  it('a studio song: shared as made (no watermarked form), with its title', async () => {
    await screenWith('/AIMusic', 'genrated_audio', { url: MEDIA.song, jobId: 'song3' });
    await page.getByLabel('Generated song').waitFor();
    expect(await button('Download').count()).toBe(0);
    const shared = await shareAtOnce('Share');
    expect(shared).toEqual({ title: 'Generated song', text: undefined, files: [{ name: 'song-song3.mp3', type: 'audio/mpeg', size: media.get(MEDIA.song)!.body.length }], active: true });
    expect((await lastShared()).equals(media.get(MEDIA.song)!.body)).toBe(true);
  });

  it('gallery: every item is prepared as it comes into view, so one tap shares (issue 45), faces too; a press while a video prepares shares nothing; each named for its item', { timeout: 150_000 }, async () => {
    await page.goto('/gallery');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();
    await tab('faces');
    const face = await shareAtOnce('Share face 1');
    expect(face).toEqual({ title: 'Face 1', text: undefined, files: [{ name: 'watermarked-image-gface1.png', type: 'image/png', size: expect.any(Number) }], active: true });
    await expectWatermarkedPicture(await lastShared(), 'gallery');

    await tab('images');
    const image = await shareAtOnce('Share image 1');
    expect(image).toEqual({ title: 'Image 1', text: undefined, files: [{ name: 'watermarked-image-gimg1.png', type: 'image/png', size: expect.any(Number) }], active: true });
    await expectWatermarkedPicture(await lastShared(), 'gallery');

    // The clip is held: its card's Share reads Preparing… without a tap, and a press then does nothing.
    const before = await page.evaluate(() => window.shares.length);
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    await tab('videos');
    const preparing = button(/^Preparing…/);
    await preparing.waitFor();
    expect(await preparing.getAttribute('aria-busy')).toBe('true');
    await preparing.focus();
    await page.keyboard.press('Enter');
    release();
    hold = null;
    const video = await shareAtOnce('Share video 1', 120_000);
    expect(before).toBe((await page.evaluate(() => window.shares.length)) - 1);
    expect(video).toEqual({ title: 'Video 1', text: undefined, files: [{ name: 'watermarked-video-gvid1.mp4', type: 'video/mp4', size: expect.any(Number) }], active: true });
    expect(markOf(await lastShared())).toBe(MARK);

    await tab('audio');
    const song = await shareAtOnce('Share song 1');
    expect(song).toEqual({ title: 'Song 1', text: undefined, files: [{ name: 'song-gsong1.mp3', type: 'audio/mpeg', size: media.get(MEDIA.song)!.body.length }], active: true });
    expect(await axeViolations(page, '/gallery audio with Share')).toEqual([]);
  });

  it.each<Mode>(['no-files', 'missing'])('with canShare %s, Share on the studio screens and in the gallery offers Download and Copy link (issue 45); downloads stay', async (mode) => {
    await setMode(mode);
    await screenWith('/clothSwap', 'genrated_cloth_image', { url: MEDIA.image, jobId: 'cloth42' });
    await button('Download').waitFor();
    expect(await page.evaluate(() => typeof navigator.canShare)).toBe(mode === 'missing' ? 'undefined' : 'function');
    // A studio result's link opens the item its job made in the gallery, for its owner only.
    for (const [path, key, result, name, download] of [
      ['/clothSwap', 'genrated_cloth_image', { url: MEDIA.image, jobId: 'cloth42' }, 'cloth swap result', 'button'],
      ['/AIMusic', 'genrated_audio', { url: MEDIA.song, jobId: 'song3' }, 'generated song', 'link'],
    ] as const) {
      await screenWith(path, key, result);
      await button('Share').click();
      const offer = page.getByRole('group', { name: `Share ${name}` });
      expect(await offer.getByRole(download, { name: `Download ${name} to share` }).isVisible()).toBe(true);
      await offer.getByRole('button', { name: `Copy link to ${name}` }).click();
      await offer.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/gallery?job=${result.jobId}`);
    }
    // The gallery's Share offers Download and Copy link instead (issue 45).
    await page.goto('/gallery');
    for (const [name, item] of [['images', 'image 1'], ['videos', 'video 1'], ['audio', 'song 1']] as const) {
      await page.getByRole('tab', { name, exact: true }).click();
      await button(`Share ${item}`).click();
      const offer = page.getByRole('group', { name: `Share ${item}` });
      expect(await offer.getByRole('button', { name: `Copy link to ${item}` }).isVisible()).toBe(true);
      expect(await offer.getByRole(name === 'audio' ? 'link' : 'button', { name: `Download ${item} to share` }).isVisible()).toBe(true);
    }
    await setMode('files');
  });

  it('Download and Share side by side at 390x844 and 1440x900: no sideways scroll, no WCAG 2.1 AA violation', async () => {
    for (const [viewport, size] of [[PHONE, '390'], [DESKTOP, '1440']] as const) {
      await page.setViewportSize(viewport);
      await screenWith('/clothSwap', 'genrated_cloth_image', { url: MEDIA.image, jobId: 'cloth42' });
      await button('Share').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(await axeViolations(page, `/clothSwap ${size} with Share`)).toEqual([]);
      await button('Share').scrollIntoViewIfNeeded();
      await shoot(page, `share-clothswap-${size}.png`);
      await page.goto('/gallery');
      await page.getByRole('tab', { name: 'images', exact: true }).click();
      // On a phone the card's actions sit in one menu, the item's panel (issue 45).
      if (viewport === PHONE) await button('Actions for image 1').click();
      await button('Share image 1').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      await shoot(page, `share-gallery-${size}.png`);
      if (viewport === PHONE) await button('Close details').click();
    }
  });
});
