// Screens to look at by eye, kept out of the repository: taken when STUDIO_SHOTS_DIR names a
// folder (they cost CI time), full page, under `name`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const SHOTS = process.env.STUDIO_SHOTS_DIR;

export async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}
