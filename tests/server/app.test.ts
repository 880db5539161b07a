import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { withErrors } from '../../contract/common.ts';
import { HttpError } from '../../server/src/http-error.ts';
import type { App } from '../../server/src/types.ts';
import { buildTestApp, captureLogger } from './support/app.ts';
import { engines, useTestDatabase } from './support/db.ts';

describe.each(engines)('GET /api/health on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('answers 200 with the database ok', async () => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', engine, version: expect.any(String) });
    expect(res.json().uptime_s).toBeGreaterThanOrEqual(0);
    await app.close();
  });

  it('answers 503 when the database is gone', async () => {
    const { app } = await buildTestApp(database.current);
    await database.current.destroy();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'error', engine });
    await app.close();
  });
});

/** Test-only routes that exercise validation and error handling the way real routes will. */
function addProbeRoutes(app: App): void {
  app.post(
    '/api/test/echo',
    {
      schema: {
        body: Type.Object({
          email: Type.String({ format: 'email' }),
          name: Type.String({ minLength: 1, maxLength: 20 }),
          rating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
          kind: Type.Optional(Type.Union([Type.Literal('tops'), Type.Literal('bottoms')])),
        }),
        response: withErrors({ 200: Type.Object({ body: Type.Record(Type.String(), Type.Unknown()) }) }, 400),
      },
    },
    async (request) => ({ body: request.body as Record<string, unknown> }),
  );
  app.get('/api/test/boom', { schema: { response: withErrors({ 200: Type.Object({}) }) } }, async () => {
    throw new Error('secret table users_private is on fire');
  });
  app.get('/api/test/conflict', { schema: { response: withErrors({ 200: Type.Object({}) }, 400) } }, async () => {
    throw new HttpError(400, 'Email is already registered.', 'email');
  });
  app.get(
    '/api/test/limited',
    { config: { rateLimit: { max: 2, timeWindow: '1 minute' } }, schema: { response: withErrors({ 200: Type.Object({ ok: Type.Boolean() }) }, 429) } },
    async () => ({ ok: true }),
  );
}

describe('API behaviour', () => {
  const database = useTestDatabase('sqlite');

  async function probeApp() {
    const captured = captureLogger();
    const { app } = await buildTestApp(database.current, { extend: addProbeRoutes, logger: captured.logger });
    return { app, logs: captured.lines };
  }

  it('answers 404 JSON for an unknown /api path, whatever the method', async () => {
    const { app } = await probeApp();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
    await app.close();
  });

  it('hides a thrown error behind 500 and logs the real one', async () => {
    const { app, logs } = await probeApp();
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error' });
    expect(res.body).not.toContain('fire');
    expect(JSON.stringify(logs)).toContain('secret table users_private is on fire');
    await app.close();
  });

  it('answers 400 naming the missing or bad field', async () => {
    const { app } = await probeApp();
    const post = (payload: unknown) => app.inject({ method: 'POST', url: '/api/test/echo', payload: payload as object });

    let res = await post({ name: 'Ana' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'email is required', field: 'email' });

    res = await post({ email: 'not-an-email', name: 'Ana' });
    expect(res.json()).toEqual({ error: 'email must be a valid email address', field: 'email' });

    res = await post({ email: 'a@b.co', name: '' });
    expect(res.json()).toEqual({ error: 'name must not be empty', field: 'name' });

    res = await post({ email: 'a@b.co', name: 'x'.repeat(21) });
    expect(res.json()).toEqual({ error: 'name must be at most 20 characters', field: 'name' });

    res = await post({ email: 'a@b.co', name: 'Ana', kind: 'hats' });
    expect(res.json()).toEqual({ error: 'kind must be one of "tops", "bottoms"', field: 'kind' });

    res = await post({ email: 'a@b.co', name: 'Ana', rating: 9 });
    expect(res.json()).toMatchObject({ field: 'rating' });
    await app.close();
  });

  it('answers 400 for a body that is not JSON or not an object', async () => {
    const { app } = await probeApp();
    let res = await app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(expect.any(String));
    res = await app.inject({ method: 'POST', url: '/api/test/echo', payload: [1, 2] as unknown as object });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body must be a JSON object' });
    await app.close();
  });

  it('strips unknown fields and coerces scalars', async () => {
    const { app } = await probeApp();
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'a@b.co', name: 'Ana', rating: '4', is_admin: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: { email: 'a@b.co', name: 'Ana', rating: 4 } });
    await app.close();
  });

  it('passes a route\'s 4xx HttpError through with its field', async () => {
    const { app } = await probeApp();
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Email is already registered.', field: 'email' });
    await app.close();
  });

  it('rate-limits only the routes that opt in, with a JSON 429', async () => {
    const { app } = await probeApp();
    const hit = () => app.inject({ method: 'GET', url: '/api/test/limited' });
    expect((await hit()).statusCode).toBe(200);
    expect((await hit()).statusCode).toBe(200);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(/^Too many requests\. Please try again in/);
    expect(limited.headers['retry-after']).toBeDefined();
    for (let i = 0; i < 5; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await app.close();
  });

  it('refuses at startup an /api route without responses or with a headers schema', async () => {
    await expect(
      buildTestApp(database.current, { extend: (app) => app.get('/api/test/bare', async () => ({})) }),
    ).rejects.toThrow('GET /api/test/bare: declare schema.response');
    await expect(
      buildTestApp(database.current, {
        extend: (app) =>
          app.get('/api/test/headers', { schema: { headers: Type.Object({ 'security-key': Type.String() }), response: { 200: Type.Object({}) } } }, async () => ({})),
      }),
    ).rejects.toThrow('declare no headers schema');
  });

  it('serves the OpenAPI document built from the route schemas', async () => {
    const { app } = await probeApp();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Persona Studio API');
    expect(doc.paths['/api/health'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/test/echo'].post.requestBody).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/media') || p === '/*')).toBe(false);
    await app.close();
  });

  it('sends security headers and a request id, and keeps bearer tokens out of logs', async () => {
    const { app, logs } = await probeApp();
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer top-secret-token' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("'wasm-unsafe-eval'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(logs)).not.toContain('top-secret-token');
    await app.close();
  });

  it('allows Google sign-in and an external media bucket in the CSP when configured', async () => {
    const { app } = await buildTestApp(database.current, {
      env: { GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com', MEDIA_BASE_URL: 'https://cdn.example.com/m' },
    });
    const csp = String((await app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com/);
    expect(csp).toMatch(/frame-src https:\/\/accounts\.google\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/cdn\.example\.com/);
    await app.close();
  });
});
