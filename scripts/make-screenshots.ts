// npm run screenshots: the manifest's screenshots (public/screenshots/*.png), real screens of the
// built app (build first) served by the real server with a fresh data folder, taken in Chromium
// at each entry's size and saved as 8-bit palette PNGs. Checked with the browser tests' types
// (tsconfig.e2e.json), whose helpers it uses.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { launchChromium, newAppContext } from '../tests/e2e/support/browser.ts';
import { ROOT, startServer } from '../tests/e2e/support/server.ts';

interface ManifestScreenshot {
  src: string;
  sizes: string;
}

/** The page each screenshot shows, by its file name, /screenshots/{page}-{form factor}.png. */
const PAGES: Record<string, string> = { home: '/', pricing: '/pricing' };

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
  for (const shot of screenshots) {
    const path = PAGES[/^\/screenshots\/(\w+)-/.exec(shot.src)?.[1] ?? ''];
    if (!path) throw new Error(`no page for the screenshot ${shot.src}`);
    const [width, height] = shot.sizes.split('x').map(Number);
    // Reduced motion: the hero shows its poster, not a video frame caught at random.
    const context = await newAppContext(browser, { baseURL: server.url, viewport: { width, height }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto(path, { waitUntil: 'networkidle' });
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
