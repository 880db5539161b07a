// Consent before a real person's media is used (issue 26), on a phone: the Link tabs of /image and
// /video, the cloth swap's garment and the music voice file show the required, labelled box; a
// song with a voice is refused with the server's message until it is ticked, then made. No
// sideways scroll and no WCAG 2.1 AA violation with the box shown.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONSENT_LABEL, STUDIO_MESSAGES } from '../../contract/studio';
import { collectAlerts } from './support/accounts';
import { axeViolations } from './support/axe';
import { newAppContext, PHONE, useOwnServer } from './support/browser';
import { shoot } from './support/shots';
import { subscribedUser } from './support/studio';

vi.setConfig({ expect: { poll: { timeout: 20_000 } } });

const own = useOwnServer();
let context: BrowserContext;
let page: Page;
let alerts: string[];
let files: string;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'consent-files-'));
  for (const [name, hz, seconds] of [['song.wav', 330, 16], ['voice.wav', 440, 17]] as const) {
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=${hz}:sample_rate=22050:duration=${seconds}`, '-ac', '1', join(files, name)]);
  }
  context = await newAppContext(own.browser, { baseURL: own.server.url, viewport: PHONE });
  page = await context.newPage();
  alerts = collectAlerts(page);
});
afterAll(async () => {
  await context?.close();
  rmSync(files, { recursive: true, force: true });
});

async function alertOf(action: () => Promise<void>): Promise<string> {
  const before = alerts.length;
  await action();
  await expect.poll(() => alerts.length).toBeGreaterThan(before);
  return alerts[alerts.length - 1]!;
}

const consentBox = () => page.getByRole('checkbox', { name: CONSENT_LABEL });
const noSidewaysScroll = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('consent for outside media (issue 26) at 390x844', () => {
  it('a subscribed user signs in', async () => {
    await subscribedUser(page, own.server, 'consent');
    // No tours over the screens.
    await page.evaluate(() => ['guideFace', 'guideImage', 'guideVideo'].forEach((k) => sessionStorage.setItem(k, 'true')));
  });

  it('the Link tabs of /image and /video and the garment of /clothSwap show the required box; templates do not', async () => {
    for (const [path, tab] of [['/image', 'Link'], ['/video', 'Link'], ['/clothSwap', null]] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      if (tab) await page.getByRole('tab', { name: tab }).click();
      await consentBox().waitFor();
      expect(await consentBox().evaluate((box) => (box as HTMLInputElement).required), path).toBe(true);
      expect(await consentBox().isChecked()).toBe(false);
      expect(await noSidewaysScroll(), path).toBeLessThanOrEqual(0);
      expect(await axeViolations(page, `${path} with the consent box`)).toEqual([]);
      await shoot(page, `consent-${path.slice(1).toLowerCase()}-390.png`);
      if (tab) {
        await page.getByRole('tab', { name: 'Template' }).click();
        expect(await consentBox().count(), `${path} template`).toBe(0);
      }
    }
  });

  it('music: the box comes with a voice file; Generate is refused with the server\'s message until it is ticked', { timeout: 90_000 }, async () => {
    await page.goto('/AIMusic');
    await page.getByLabel('Lyrics').fill('Neon lights and a city that never sleeps');
    const song = page.getByLabel('Song File');
    await song.setInputFiles(join(files, 'song.wav'));
    await expect.poll(() => song.isEnabled()).toBe(true);
    expect(await consentBox().count()).toBe(0);
    await page.getByLabel('Voice File').setInputFiles(join(files, 'voice.wav'));
    await consentBox().waitFor();
    expect(await noSidewaysScroll()).toBeLessThanOrEqual(0);
    expect(await axeViolations(page, '/AIMusic with the consent box')).toEqual([]);
    await shoot(page, 'consent-aimusic-390.png');
    expect(await alertOf(() => page.getByRole('button', { name: 'Generate Music', exact: true }).click())).toBe(STUDIO_MESSAGES.consent);
    const count = alerts.length;
    await consentBox().check();
    await page.getByRole('button', { name: 'Generate Music', exact: true }).click();
    await page.locator('audio[aria-label="Generated song"]').waitFor({ timeout: 60_000 });
    expect(alerts.length).toBe(count);
  });
});
