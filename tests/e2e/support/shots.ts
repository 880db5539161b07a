import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Screens to look at by eye, kept out of the repository: taken when STUDIO_SHOTS_DIR names a folder (they cost CI time). */
export async function shootStudio(page: Page, name: string): Promise<void> {
  const dir = process.env.STUDIO_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, name), fullPage: true });
}
