import { describe, expect, inject, it } from 'vitest';
import { newAppContext, useBrowser, useOwnServer } from './support/browser';

interface ManifestIcon { src: string; sizes: string; type?: string; purpose?: string }
interface WebManifest {
  name: string; short_name: string; description: string; start_url: string; scope: string; display: string;
  theme_color: string; background_color: string; categories: string[]; icons: ManifestIcon[];
}

function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('installable PWA', () => {
  const f = useBrowser();

  it('serves the manifest with the right fields, and every icon at its declared size', async () => {
    const baseURL = inject('baseURL');
    const res = await fetch(`${baseURL}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await res.json()) as WebManifest;
    expect(manifest).toMatchObject({ name: 'Persona Studio', display: 'standalone', start_url: '/', scope: '/' });
    expect(manifest.short_name).toBeTruthy();
    expect(manifest.description).toBeTruthy();
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.categories.length).toBeGreaterThan(0);
    const icons: ManifestIcon[] = manifest.icons;
    const sizes = icons.map((i) => i.sizes);
    expect(sizes).toContain('192x192');
    expect(sizes).toContain('512x512');
    expect(icons.some((i) => i.purpose?.includes('maskable'))).toBe(true);
    for (const icon of icons) {
      const iconRes = await fetch(`${baseURL}${icon.src}`);
      expect(iconRes.status, icon.src).toBe(200);
      const [w, h] = pngSize(Buffer.from(await iconRes.arrayBuffer()));
      expect(`${w}x${h}`, icon.src).toBe(icon.sizes);
    }
    // The page links the same, unhashed file.
    await f.page.goto('/');
    expect(await f.page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  });

  it('the service worker controls the page after the first load', async () => {
    await f.page.goto('/');
    await f.page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => f.page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    const swRes = await fetch(`${inject('baseURL')}/sw.js`);
    expect(swRes.headers.get('cache-control')).toMatch(/no-cache/);
  });
});

describe('offline', () => {
  const own = useOwnServer();

  it('with the server unreachable, reloading / still shows the home page', async () => {
    const context = await newAppContext(own.browser, { baseURL: own.server.url });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 15_000 }).toBe(true);
    const heading = await page.getByRole('heading', { level: 1 }).first().innerText();

    await own.server.stop(); // truly unreachable: no request can reach a server that is gone
    const probe = await fetch(`${own.server.url}/`).then(() => 'reachable', () => 'unreachable');
    expect(probe).toBe('unreachable');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe(heading);
    await page.goto('/about');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().innerText()).toBe('About Us');
    await context.close();
  });
});
