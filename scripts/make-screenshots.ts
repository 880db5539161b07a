// npm run screenshots [page…]: the manifest's screenshots (public/screenshots/*.png), real screens of the
// built app (build first) served by the real server with a fresh data folder, taken in Chromium
// at each entry's size and saved as 8-bit palette PNGs. Checked with the browser tests' types
// (tsconfig.e2e.json), whose helpers it uses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { logIn, signUpViaApi } from '../tests/e2e/support/accountsApi.ts';
import { launchChromium, newAppContext } from '../tests/e2e/support/browser.ts';
import { ROOT, startServer, type RunningServer } from '../tests/e2e/support/server.ts';
import { controlled, share } from '../tests/e2e/support/share.ts';

interface ManifestScreenshot {
  src: string;
  sizes: string;
}

/** A T-shirt photo as someone would share it from their phone's gallery. */
const GARMENT_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700" viewBox="0 0 600 700">
  <rect width="600" height="700" fill="#f4efe9"/>
  <path d="M210 90 L150 110 L40 200 L95 300 L160 260 L160 640 L440 640 L440 260 L505 300 L560 200 L450 110 L390 90 Q300 170 210 90 Z" fill="#2f6fd6" stroke="#1f4f9e" stroke-width="6"/>
  <path d="M210 90 Q300 170 390 90" fill="none" stroke="#1f4f9e" stroke-width="10"/>
</svg>`;

/**
 * How each screenshot's page is reached, by its file name, /screenshots/{page}-{form factor}.png:
 * a path, or steps (the share flow: a signed-in person shares a garment photo into Cloth Swap).
 */
const PAGES: Record<string, string | ((page: Page, server: RunningServer) => Promise<void>)> = {
  home: '/',
  pricing: '/pricing',
  share: async (page, server) => {
    const user = await signUpViaApi(server, 'screenshots');
    await logIn(page, user.email, user.password);
    await page.waitForURL('**/face');
    await controlled(page);
    const garment = await sharp(Buffer.from(GARMENT_SVG)).jpeg({ quality: 85 }).toBuffer();
    await share(page, { files: [{ name: 'blue-tee.jpg', mimeType: 'image/jpeg', buffer: garment }], title: 'Blue tee' });
    await page.waitForURL('**/clothSwap');
    await page.getByRole('img', { name: 'The uploaded garment' }).waitFor();
    await page.waitForLoadState('networkidle');
  },
};

const { screenshots } = JSON.parse(readFileSync(join(ROOT, 'manifest.webmanifest'), 'utf8')) as { screenshots: ManifestScreenshot[] };

/** The server draws the site's images at its first start: wait for them, not for placeholders. */
async function siteMediaReady(url: string): Promise<void> {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 1000))) {
    if ((await fetch(`${url}/media/site/home/hero.webp`)).ok) return;
  }
  throw new Error('the site media library was not ready after 3 minutes');
}

const server = await startServer();
const browser = await launchChromium();
try {
  await siteMediaReady(server.url);
  // `npm run screenshots -- share` remakes only those pages' screenshots.
  const only = process.argv.slice(2);
  for (const shot of screenshots) {
    const name = /^\/screenshots\/(\w+)-/.exec(shot.src)?.[1] ?? '';
    if (only.length && !only.includes(name)) continue;
    const path = PAGES[name];
    if (!path) throw new Error(`no page for the screenshot ${shot.src}`);
    const [width, height] = shot.sizes.split('x').map(Number);
    // Reduced motion: the hero shows its poster, not a video frame caught at random.
    const context = await newAppContext(browser, { baseURL: server.url, viewport: { width, height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (typeof path === 'string') await page.goto(path, { waitUntil: 'networkidle' });
    else await path(page, server);
    // The images on screen have arrived (lazy ones further down have not been asked for).
    await page.waitForFunction(() =>
      [...document.images].every((image) => {
        const { top, left } = image.getBoundingClientRect();
        return image.complete || top > window.innerHeight || left > window.innerWidth;
      }),
    );
    const info = await sharp(await page.screenshot())
      .png({ palette: true, compressionLevel: 9, effort: 10 })
      .toFile(join(ROOT, 'public', shot.src));
    console.log(`public${shot.src}: ${info.width}x${info.height}, ${(info.size / 1024).toFixed(0)} KB`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
