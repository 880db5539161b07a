// Screens to look at by eye, kept out of the repository: taken when STUDIO_SHOTS_DIR names a
// folder (they cost CI time), full page, under `name`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, PHONE } from './browser';
import { settled } from './settle';

const SHOTS = process.env.STUDIO_SHOTS_DIR;

export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}

/** Axe (no violation) and a screenshot of the screen as it is, on a phone (390x844) and a desktop (1440x900); ends at the desktop size. */
export async function checkAtBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    expect(await axeViolations(page, `${name} (${size})`)).toEqual([]);
    await shoot(page, `${name}-${viewport.width}.png`);
  }
}
