// Issue 9: the development mailbox behind proxies, names, reply-to addresses, bad URLs, request ids.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config/index.ts';
import { accountsApp } from './support/accounts.ts';
import { testConfig } from './support/app.ts';
import { engines, useTestDatabase } from './support/db.ts';

describe('development mailbox', () => {
  const database = useTestDatabase('sqlite');
  const urls = ['/dev/mailbox', '/api/dev/outbox'];

  it('is off unless DEV_MAILBOX turns it on, and on by default only in development on a loopback HOST', () => {
    const config = (env: NodeJS.ProcessEnv) => testConfig(database.current, env).devMailbox;
    expect(config({ NODE_ENV: 'development' })).toBe(false); // HOST 0.0.0.0: reachable from the network
    expect(config({ NODE_ENV: 'development', HOST: '127.0.0.1' })).toBe(true);
    expect(config({ NODE_ENV: 'development', HOST: 'localhost', DEV_MAILBOX: 'false' })).toBe(false);
    expect(config({ NODE_ENV: 'test' })).toBe(false);
    expect(config({ NODE_ENV: 'test', DEV_MAILBOX: 'true' })).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true', DEV_MAILBOX: 'true', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DEV_MAILBOX must not be true in production/);
    expect(() => loadConfig({ DEV_MAILBOX: 'yes', JWT_SECRET: 'x'.repeat(32) })).toThrow(/DEV_MAILBOX must be true or false/);
  });

  it('answers only loopback sockets without proxy headers, whatever TRUST_PROXY says', async () => {
    for (const env of [{ DEV_MAILBOX: 'true' }, { DEV_MAILBOX: 'true', TRUST_PROXY: 'true' }]) {
      const t = await accountsApp(database.current, env);
      for (const url of urls) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
        expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode, url).toBe(200);
        for (const headers of [{ 'x-forwarded-for': '127.0.0.1' }, { forwarded: 'for=127.0.0.1' }, { 'x-forwarded-host': 'localhost' }, { 'x-real-ip': '127.0.0.1' }]) {
          expect((await t.app.inject({ method: 'GET', url, headers })).statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
        }
        // A remote socket claiming to be loopback through X-Forwarded-For (believed with TRUST_PROXY=true).
        const spoofed = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(spoofed.statusCode).toBe(404);
        expect((await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      }
      await t.app.close();
    }
    const off = await accountsApp(database.current, { NODE_ENV: 'development' });
    for (const url of urls) expect((await off.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await off.app.close();
  });

  it('refuses a browser that comes through a reverse proxy on the same host', async () => {
    const t = await accountsApp(database.current, { DEV_MAILBOX: 'true' });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    // What a default nginx or Caddy set-up does: forward to 127.0.0.1 and say who the client was.
    const proxy: Server = createServer((req, res) => {
      const upstream = httpRequest({ host: '127.0.0.1', port, path: req.url, method: req.method, headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    const proxyPort = (proxy.address() as { port: number }).port;
    try {
      for (const url of urls) {
        expect((await fetch(`http://127.0.0.1:${port}${url}`)).status, url).toBe(200);
        expect((await fetch(`http://127.0.0.1:${proxyPort}${url}`)).status, url).toBe(404);
      }
    } finally {
      await new Promise((r) => proxy.close(r));
      await t.app.close();
    }
  });
});

describe.each(engines)('input hygiene on %s', (engine) => {
  const database = useTestDatabase(engine);
  const BAD_NAMES = ['Asha\u0000', 'As\nha', 'As\rha', 'As\tha', 'Asha\u007F', 'As\u0085ha', 'Asha \u202EreveR', 'As\u2066ha', 'As\u2069ha', '\u202Aleft'];
  const nameError = { error: 'Name cannot contain control characters.', field: 'name' };
  // NUL is refused in every JSON field before the route's own checks (issue 40), in the schema's words.
  const nameErrorFor = (name: string) => (name.includes('\u0000') ? { error: 'name cannot contain control characters.', field: 'name' } : nameError);

  it('refuses control and bidirectional override characters in names, and still trims', async () => {
    const t = await accountsApp(database.current);
    for (const name of BAD_NAMES) {
      const res = await t.post('/api/create_profile/', { email: 'n@example.com', name, password: 'secret-pass' });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual(nameErrorFor(name));
    }
    const s = await t.signUp('n@example.com', 'secret-pass', ' Asha Verma\n');
    expect((await t.post('/api/get_profiles/', { user_id: s.profile.user_id }, s.access)).json().profile.name).toBe('Asha Verma');
    for (const name of BAD_NAMES) {
      const res = await t.post('/api/update_profile/', { user_id: s.profile.user_id, name }, s.access);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual(nameErrorFor(name));
    }
    expect((await t.post('/api/get_profiles/', { user_id: s.profile.user_id }, s.access)).json().profile.name).toBe('Asha Verma');
    await t.app.close();
  });

  it('takes only a plain mailbox as the contact reply-to address', async () => {
    const t = await accountsApp(database.current);
    const tricks = ['Boss<boss@corp.example>', '"boss@corp.example"@evil.example', 'a@evil.example,boss@corp.example', 'a@evil.example;b@x.example', 'boss(ceo)@corp.example', 'a b@corp.example', 'a@corp.example>', 'a:b@corp.example'];
    for (const email of tricks) {
      const res = await t.post('/api/contact-us/', { name: 'Ada', email, message: 'Hello there' });
      expect(res.statusCode, email).toBe(400);
      expect(res.json()).toEqual({ error: 'Please enter a valid email address', field: 'email' });
    }
    expect(await database.current.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
    expect((await t.post('/api/contact-us/', { name: 'Ada', email: 'ada.l+studio@example.co.uk', message: 'Hello there' })).statusCode).toBe(201);
    await t.app.close();
  });
});

describe('requests', () => {
  const database = useTestDatabase('sqlite');

  it('answers malformed URLs with our error body', async () => {
    const t = await accountsApp(database.current);
    for (const url of ['/api/%zz', '/api/get_profiles/%E0%A4%A', '/%zz', '/media/%zz.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ error: 'Bad request' });
    }
    await t.app.close();
  });

  it('keeps a client X-Request-Id only when it is 1-64 characters of [A-Za-z0-9._-]', async () => {
    const t = await accountsApp(database.current);
    const idFor = async (id?: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/health', headers: id === undefined ? {} : { 'x-request-id': id } })).headers['x-request-id'];
    for (const kept of ['abc-123', 'trace.id_9', 'x'.repeat(64)]) expect(await idFor(kept)).toBe(kept);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const replaced of [undefined, '', 'x'.repeat(65), 'has space', '<script>', 'a/b', 'é']) {
      expect(await idFor(replaced), JSON.stringify(replaced)).toMatch(uuid);
    }
    await t.app.close();
  });
});
