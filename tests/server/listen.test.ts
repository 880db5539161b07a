import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

/** A raw GET that sends the path exactly as given (fetch would normalise `..`). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('over real HTTP', () => {
  const database = useTestDatabase('sqlite');

  it('serves the API and ranged media on a real port', async () => {
    const { app, config } = await buildTestApp(database.current);
    writeFileSync(join(config.mediaDir, 'clip.mp4'), Buffer.alloc(1000, 7));
    writeFileSync(join(config.dataDir, 'private.txt'), 'PRIVATE-CONTENT');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    try {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });

      const ranged = await fetch(`http://127.0.0.1:${port}/media/clip.mp4`, { headers: { range: 'bytes=10-19' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe('bytes 10-19/1000');
      expect((await ranged.arrayBuffer()).byteLength).toBe(10);

      const missing = await fetch(`http://127.0.0.1:${port}/api/nope`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: 'Not found' });

      for (const path of ['/media/../private.txt', '/media/..%2fprivate.txt', '/media/%2e%2e/private.txt']) {
        const res = await rawGet(port, path);
        expect(res.body, path).not.toContain('PRIVATE-CONTENT');
      }
    } finally {
      await app.close();
    }
  });
});
