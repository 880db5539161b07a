// The developer API's test helpers: a webhook receiver on loopback, calls with an API key or a
// session, keys and endpoints made through the API, and a settled job to announce.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { StudioApp, StudioUser } from './studio.ts';
import { until } from './until.ts';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 answering each request with the next status of `statuses` (the last one repeats). */
export async function receiver(statuses: number[] = [200]): Promise<{ url: string; host: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, host: `127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

/** A call with an API key only: no session, no security-key header (as the CLI sends it). */
export function withKey(t: Pick<StudioApp, 'app'>, key: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}`, ...headers } });
}

export function asUser(t: Pick<StudioApp, 'app'>, user: StudioUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.access}` } });
}

export async function newKey(t: Pick<StudioApp, 'app'>, user: StudioUser, name = 'agency CMS'): Promise<{ id: string; key: string }> {
  const res = await asUser(t, user, 'POST', '/api/keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function newEndpoint(t: Pick<StudioApp, 'app'>, user: StudioUser, url: string, events?: string[]): Promise<{ id: string; secret: string }> {
  const res = await asUser(t, user, 'POST', '/api/webhook-endpoints', { url, ...(events ? { events } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export const count = async (t: Pick<StudioApp, 'app'>, table: 'api_keys' | 'webhook_endpoints' | 'webhook_deliveries') =>
  Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A face job made with the key and canceled at once: a settled job without waiting for a model. */
export async function canceledJob(t: Pick<StudioApp, 'app'>, key: string): Promise<string> {
  const made = await withKey(t, key, 'POST', '/api/generate-face-prompt/', { prompt: 'red hair' }, { prefer: 'respond-async' });
  expect(made.statusCode, made.body).toBe(202);
  const jobId = made.json().job_id as string;
  const canceled = await withKey(t, key, 'POST', `/api/jobs/${jobId}/cancel`);
  expect(canceled.statusCode, canceled.body).toBe(200);
  await until(async () => ['canceled', 'succeeded', 'failed'].includes((await withKey(t, key, 'GET', `/api/jobs/${jobId}`)).json().status as string), 'job settled', 60_000);
  return jobId;
}
