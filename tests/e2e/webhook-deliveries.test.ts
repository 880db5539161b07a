// Profile → webhook endpoints (issue 45): "Send test event" makes a signed webhook.test delivery
// that a receiver on this machine answers 200, and the endpoint lists it (event, time, status,
// answer code) among its last deliveries; a receiver answering 500 shows the retry and its next
// try. Own server with FETCH_ALLOW_HOSTS=127.0.0.1 (so a local receiver may be reached). Axe and
// screenshots at 390 and 1440.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signedInUser } from './support/accountsApi';
import { DESKTOP, newAppContext, useOwnServer } from './support/browser';
import { checkAtBothSizes } from './support/shots';

vi.setConfig({ expect: { poll: { timeout: 30_000 } } });

const own = useOwnServer({ FETCH_ALLOW_HOSTS: '127.0.0.1' });
let context: BrowserContext;
let page: Page;
let receiver: Server;
let port = 0;
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = req.url === '/fails' ? 500 : 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
  context = await newAppContext(own.browser, { baseURL: own.server.url, viewport: DESKTOP });
  page = await context.newPage();
  await signedInUser(page, own.server, 'hooks', 'Asha');
});
afterAll(async () => {
  await context?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const hooks = () => page.getByRole('region', { name: 'Webhook endpoints', exact: true });

async function addEndpoint(url: string): Promise<void> {
  await hooks().getByLabel('Endpoint URL').fill(url);
  await hooks().getByRole('button', { name: 'Add endpoint' }).click();
  await hooks().getByLabel(/Your new signing secret/).waitFor();
  await hooks().getByRole('button', { name: 'Done' }).click();
  await hooks().getByRole('button', { name: `Deliveries of ${url}`, exact: true }).waitFor();
}

describe('webhook deliveries and the test event (issue 45)', () => {
  it('sends a signed webhook.test event and lists it delivered with its answer code', async () => {
    await page.goto('/profile');
    const url = `http://127.0.0.1:${port}/ok`;
    await addEndpoint(url);
    const deliveries = hooks().getByRole('button', { name: `Deliveries of ${url}`, exact: true });
    await deliveries.click();
    expect(await deliveries.getAttribute('aria-expanded')).toBe('true');
    await hooks().getByText('No deliveries yet.').waitFor();

    await hooks().getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect.poll(() => hooks().getByRole('status').filter({ hasText: 'A webhook.test event is on its way.' }).count()).toBe(1);
    await expect.poll(() => received.filter((r) => r.path === '/ok').length).toBe(1);
    const got = received.find((r) => r.path === '/ok')!;
    // Standard Webhooks: id, timestamp and signature headers; the body names the event.
    expect(got.headers['webhook-id']).toBeTruthy();
    expect(got.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test' });

    const list = hooks().getByRole('list', { name: `Last 20 deliveries to ${url}` });
    await expect.poll(async () => {
      await hooks().getByRole('button', { name: `Refresh the deliveries of ${url}` }).click();
      return list.getByRole('listitem').first().innerText().catch(() => '');
    }).toMatch(/webhook\.test[\s\S]*delivered[\s\S]*answer 200[\s\S]*1 attempt/);
    // The endpoint's own line follows: its last delivery, no longer "no deliveries yet".
    await expect.poll(() => hooks().getByText('no deliveries yet').count()).toBe(0);
    expect(await hooks().getByText(/^last delivery /).count()).toBe(1);
    await checkAtBothSizes(page, 'webhook-deliveries');
  }, 120_000);

  it('shows a failed answer being retried, with its code and next try', async () => {
    const url = `http://127.0.0.1:${port}/fails`;
    await addEndpoint(url);
    await hooks().getByRole('button', { name: `Send test event to ${url}` }).click();
    await expect.poll(() => received.filter((r) => r.path === '/fails').length).toBe(1);
    // The list opened itself with the test event.
    const list = hooks().getByRole('list', { name: `Last 20 deliveries to ${url}` });
    await expect.poll(async () => {
      await hooks().getByRole('button', { name: `Refresh the deliveries of ${url}` }).click();
      return list.getByRole('listitem').first().innerText().catch(() => '');
    }).toMatch(/webhook\.test[\s\S]*retrying[\s\S]*answer 500[\s\S]*next try/);
  }, 120_000);
});
