// The SSRF guard every server-side fetch goes through: a table of addresses and forms that must
// be refused without a connection, then the allow list, redirects, size, time and DNS pinning.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchFailedError, FetchRefusedError, safeDownload, safeFetch } from '../../server/src/net/safe-fetch.ts';
import { isForbiddenFetchAddress } from '../../server/src/site/ip.ts';
import { watchTimeouts } from './support/timeouts.ts';

let server: Server;
let port = 0;
const hits: { url: string; host: string }[] = [];
const dir = mkdtempSync(join(tmpdir(), 'ps-fetch-'));

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', host: req.headers.host ?? '' });
    if (req.url === '/ok') res.end('hello');
    else if (req.url === '/to-private') res.writeHead(302, { location: 'http://10.0.0.7/secret' }).end();
    else if (req.url?.startsWith('/loop')) res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` }).end();
    else if (req.url === '/big') res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    else if (req.url === '/chunked') {
      res.writeHead(200);
      for (let i = 0; i < 10; i += 1) res.write('y'.repeat(1000));
      res.end();
    } else if (req.url === '/hang') {
      // never answers
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

const closed = { allowHosts: [] as string[], maxBytes: 1_000_000, timeoutMs: 2_000 };

describe('safe fetch', () => {
  it('refuses private, loopback, metadata, mapped and translated addresses in every spelling, without connecting', async () => {
    const urls = [
      'http://10.0.0.1/', 'http://172.16.5.4/', 'http://192.168.1.1/', `http://127.0.0.1:${port}/ok`, `http://[::1]:${port}/ok`,
      `http://localhost:${port}/ok`, 'http://0.0.0.0/', 'http://169.254.169.254/latest/meta-data/', 'http://100.64.0.1/',
      `http://[::ffff:127.0.0.1]:${port}/ok`, `http://[::ffff:7f00:1]:${port}/ok`, 'http://[64:ff9b::7f00:1]/', 'http://[fd00:ec2::254]/',
      `http://2130706433:${port}/ok`, `http://0177.0.0.1:${port}/ok`, `http://0x7f.0.0.1:${port}/ok`, `http://127.1:${port}/ok`,
      'http://[2002:7f00:1::]/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://198.18.0.1/', 'http://224.0.0.1/',
    ];
    for (const url of urls) {
      await expect(safeFetch(url, closed), url).rejects.toBeInstanceOf(FetchRefusedError);
    }
    // A name whose DNS answers a private address, or a public and a private one.
    await expect(safeFetch('http://inside.test/', { ...closed, resolve: async () => [{ address: '10.1.2.3', family: 4 }] })).rejects.toThrow('The link points to a private address.');
    await expect(safeFetch('http://mixed.test/', { ...closed, resolve: async () => [{ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }] })).rejects.toBeInstanceOf(FetchRefusedError);
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'data:text/plain,hi', 'gopher://example.com/', 'http://user:pass@example.com/']) {
      await expect(safeFetch(url, closed), url).rejects.toBeInstanceOf(FetchRefusedError);
    }
    expect(hits).toEqual([]);
  });

  it('classifies addresses', () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '::1', '::', '::ffff:127.0.0.1', '::ffff:8.8.8.8', '64:ff9b::a00:1', '2002:a00:1::', '2001:0:4136:e378::1', 'fd00:ec2::254', 'fe80::1', 'fc00::1']) {
      expect(isForbiddenFetchAddress(ip), ip).toBe(true);
    }
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1111', '2a00:1450:4001::200e']) expect(isForbiddenFetchAddress(ip), ip).toBe(false);
  });

  it('with the allow list: reaches the host, re-checks redirects, caps redirects, size and time, and pins DNS', async () => {
    const open = { allowHosts: [`127.0.0.1:${port}`], maxBytes: 2_000, timeoutMs: 1_000 };
    const ok = await safeFetch(`http://127.0.0.1:${port}/ok`, open);
    expect([ok.status, ok.body.toString()]).toEqual([200, 'hello']);
    await expect(safeFetch(`http://127.0.0.1:${port}/to-private`, open)).rejects.toBeInstanceOf(FetchRefusedError);
    await expect(safeFetch(`http://127.0.0.1:${port}/loop0`, open)).rejects.toThrow('The link redirects too many times.');
    await expect(safeFetch(`http://127.0.0.1:${port}/big`, open)).rejects.toThrow('The linked file is too large.');
    await expect(safeFetch(`http://127.0.0.1:${port}/chunked`, open)).rejects.toThrow('The linked file is too large.');
    const timeouts = watchTimeouts();
    await expect(safeFetch(`http://127.0.0.1:${port}/hang`, open).finally(() => timeouts.restore())).rejects.toBeInstanceOf(FetchFailedError);
    // It failed because its 1 s time-out fired.
    expect(timeouts.fired()).toEqual([1_000]);
    // The name resolves once; the connection goes to that address, the Host header keeps the name.
    let lookups = 0;
    const pinned = await safeFetch(`http://pinned.test:${port}/ok`, {
      ...open,
      allowHosts: [`pinned.test:${port}`],
      resolve: async () => {
        lookups += 1;
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(pinned.body.toString()).toBe('hello');
    expect(lookups).toBe(1);
    expect(hits.at(-1)).toEqual({ url: '/ok', host: `pinned.test:${port}` });
    const file = join(dir, 'ok.txt');
    const saved = await safeDownload(`http://127.0.0.1:${port}/ok`, file, open);
    expect([saved.bytes, readFileSync(file, 'utf8')]).toEqual([5, 'hello']);
  });
});
