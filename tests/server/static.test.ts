import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { App } from '../../server/src/types.ts';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase, type TestDatabase } from './support/db.ts';

const INDEX = '<!doctype html><html><head><title>Persona Studio</title></head><body><div id="root" data-marker="spa"></div></body></html>';
const CLIP = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

/** A fake build in PUBLIC_DIR and a few media files in MEDIA_DIR. */
function writeFixtures(dataDir: string): void {
  const pub = join(dataDir, 'public');
  const media = join(dataDir, 'media');
  mkdirSync(join(pub, 'assets'), { recursive: true });
  mkdirSync(join(media, 'site', 'nested'), { recursive: true });
  writeFileSync(join(pub, 'index.html'), INDEX);
  writeFileSync(join(pub, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(pub, 'manifest.webmanifest'), JSON.stringify({ name: 'Persona Studio' }));
  writeFileSync(join(pub, 'assets', 'index-a1b2c3.js'), 'console.log(1);');
  writeFileSync(join(pub, 'assets', 'watermark.worker-f6a7.js'), 'self.onmessage = () => {};');
  writeFileSync(join(pub, 'assets', 'ffmpeg-core-d4e5.wasm'), Buffer.from([0, 97, 115, 109]));
  writeFileSync(join(pub, 'icon-192.png'), Buffer.from([137, 80, 78, 71]));
  writeFileSync(join(media, 'clip.mp4'), CLIP);
  for (const name of ['a.webm', 'song.mp3', 'voice.wav', 'face.webp', 'face.png', 'face.jpg']) writeFileSync(join(media, 'site', name), 'x');
  writeFileSync(join(media, 'site', 'nested', 'index.html'), 'no listing, no index');
}

async function appWithFixtures(database: TestDatabase): Promise<App> {
  const { app } = await buildTestApp(database);
  writeFixtures(database.dataDir);
  return app;
}

describe('media and the page', () => {
  const database = useTestDatabase('sqlite');

  it('serves a byte range of a media file with 206 and Content-Range', async () => {
    const app = await appWithFixtures(database.current);
    const res = await app.inject({ method: 'GET', url: '/media/clip.mp4', headers: { range: 'bytes=0-9' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-9/100');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload).toEqual(CLIP.subarray(0, 10));
    const whole = await app.inject({ method: 'GET', url: '/media/clip.mp4' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers.etag).toBeDefined();
    expect(whole.headers['last-modified']).toBeDefined();
    await app.close();
  });

  it('sends the build\'s pre-compressed .br sibling to clients that accept it, keeping the headers of the original', async () => {
    const app = await appWithFixtures(database.current);
    const pub = join(database.current.dataDir, 'public');
    const script = 'self.addEventListener("install", () => {});'.repeat(20);
    writeFileSync(join(pub, 'sw.js'), script);
    writeFileSync(join(pub, 'sw.js.br'), brotliCompressSync(script));
    const res = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    await app.close();
  });

  it('answers 416 for an unsatisfiable range', async () => {
    const app = await appWithFixtures(database.current);
    const res = await app.inject({ method: 'GET', url: '/media/clip.mp4', headers: { range: 'bytes=500-600' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */100');
    await app.close();
  });

  it('labels media with the right MIME types', async () => {
    const app = await appWithFixtures(database.current);
    const types: Record<string, string> = {
      '/media/clip.mp4': 'video/mp4',
      '/media/site/a.webm': 'video/webm',
      '/media/site/song.mp3': 'audio/mpeg',
      '/media/site/voice.wav': 'audio/wav',
      '/media/site/face.webp': 'image/webp',
      '/media/site/face.png': 'image/png',
      '/media/site/face.jpg': 'image/jpeg',
    };
    for (const [url, type] of Object.entries(types)) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe(type);
    }
    await app.close();
  });

  it('answers 404 JSON for missing media and folders, without listing them', async () => {
    const app = await appWithFixtures(database.current);
    for (const url of ['/media/missing.png', '/media/site/', '/media/site', '/media/site/nested/', '/media']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found' });
    }
    await app.close();
  });

  it('never serves files from outside the media folder', async () => {
    const app = await appWithFixtures(database.current);
    writeFileSync(join(database.current.dataDir, 'private.txt'), 'PRIVATE-CONTENT');
    for (const url of ['/media/../private.txt', '/media/%2e%2e/private.txt', '/media/..%2fprivate.txt', '/media/%2e%2e%2fprivate.txt', '/media/site/..%2f..%2fprivate.txt']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('PRIVATE-CONTENT');
    }
    await app.close();
  });

  it('serves index.html for client-side routes, but 404 JSON under /api and for missing files', async () => {
    const app = await appWithFixtures(database.current);
    for (const url of ['/', '/face', '/blogsDetails/x', '/paymentSuccess?subscription_id=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('data-marker="spa"');
    }
    for (const url of ['/api/nope', '/assets/index-old.js', '/missing.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Not found' });
    }
    expect((await app.inject({ method: 'POST', url: '/face' })).statusCode).toBe(404);
    await app.close();
  });

  it('serves a prerendered page for its own path and the shell for every other client route', async () => {
    const app = await appWithFixtures(database.current);
    const pub = join(database.current.dataDir, 'public');
    mkdirSync(join(pub, 'blogsDetails'), { recursive: true });
    writeFileSync(join(pub, 'shell.html'), INDEX.replace('spa', 'shell'));
    writeFileSync(join(pub, 'pricing.html'), INDEX.replace('spa', 'pricing'));
    writeFileSync(join(pub, 'blogsDetails', 'first-post.html'), INDEX.replace('spa', 'first-post'));
    const marker = async (url: string) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      return /data-marker="([\w-]+)"/.exec(res.body)?.[1];
    };
    expect(await marker('/pricing')).toBe('pricing');
    expect(await marker('/pricing?plan=basic')).toBe('pricing');
    expect(await marker('/blogsDetails/first-post')).toBe('first-post');
    expect(await marker('/')).toBe('spa');
    for (const url of ['/face', '/blogsDetails/other', '/pricing/', '/Pricing', '/blogsDetails/..%2Fpricing']) {
      expect(await marker(url), url).toBe('shell');
    }
    await app.close();
  });

  it('sets cache and type headers for the shell files and hashed assets', async () => {
    const app = await appWithFixtures(database.current);
    const get = (url: string) => app.inject({ method: 'GET', url });

    const sw = await get('/sw.js');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toMatch(/^(text|application)\/javascript/);

    const index = await get('/index.html');
    expect(index.headers['cache-control']).toBe('no-cache');

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');

    const asset = await get('/assets/index-a1b2c3.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A page's script goes without the headers only a document or a worker reads...
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    // ...which documents and workers' scripts keep.
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    expect(sw.headers['content-security-policy']).toContain("default-src 'self'");
    const worker = await get('/assets/watermark.worker-f6a7.js');
    expect(worker.headers['content-security-policy']).toContain("default-src 'self'");

    const wasm = await get('/assets/ffmpeg-core-d4e5.wasm');
    expect(wasm.headers['content-type']).toBe('application/wasm');

    const icon = await get('/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    await app.close();
  });

  it('answers 503 for pages when the page is not built, and keeps the API working', async () => {
    const { app } = await buildTestApp(database.current);
    const page = await app.inject({ method: 'GET', url: '/face' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toMatch(/^text\/plain/);
    expect(page.body).toBe('The page is not built: run npm run build');
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
    await app.close();
  });
});
