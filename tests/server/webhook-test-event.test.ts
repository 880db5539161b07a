// "Send test event" (issue 45) on SQLite and Postgres: POST /api/webhook-endpoints/{id}/test makes a
// signed webhook.test delivery (whatever events the endpoint asked for), sent and recorded like any
// other and verified here by the standardwebhooks package's own verifier; 404 for another user's
// endpoint, 401 without a session, 403 with an API key, 409 for a disabled endpoint, 429 past the
// route's rate. GET …/deliveries answers the last DELIVERIES_LISTED, newest first.
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import { DELIVERIES_LISTED, WEBHOOK_TEST_EVENT } from '../../contract/developer.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { asUser, newEndpoint, newKey, receiver, withKey } from './support/developer.ts';
import { studioApp } from './support/studio.ts';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close().catch(() => undefined);
});

describe.each(engines)('the webhook test event on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('sends a signed webhook.test to an endpoint of job.succeeded only, lists it as a delivery, and refuses what it must', async () => {
    const hook = await receiver([200]);
    closers.push(hook.close);
    const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, RUN_JOBS: 'false' });
    closers.push(() => t.app.close());
    const u = await t.user(`hooks-${engine}@example.com`);
    const other = await t.user(`other-${engine}@example.com`);
    const endpoint = await newEndpoint(t, u, hook.url, ['job.succeeded']);
    const url = `/api/webhook-endpoints/${endpoint.id}/test`;

    const res = await asUser(t, u, 'POST', url);
    expect(res.statusCode, res.body).toBe(202);
    const { delivery_id: deliveryId } = res.json() as { delivery_id: string };
    await t.app.webhooks.idle();
    expect(hook.received).toHaveLength(1);
    const [got] = hook.received;
    const headers = { 'webhook-id': String(got!.headers['webhook-id']), 'webhook-timestamp': String(got!.headers['webhook-timestamp']), 'webhook-signature': String(got!.headers['webhook-signature']) };
    expect(headers['webhook-id']).toBe(deliveryId);
    expect(new Webhook(endpoint.secret).verify(got!.body, headers)).toEqual({
      type: WEBHOOK_TEST_EVENT, timestamp: new Date(t.clock.now()).toISOString(), data: { endpoint_id: endpoint.id, message: expect.any(String) },
    });
    // Signed with another secret it would not verify.
    expect(() => new Webhook(Buffer.from('another secret of enough length!').toString('base64')).verify(got!.body, headers)).toThrow();
    const listed = (await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries;
    expect(listed).toEqual([expect.objectContaining({ id: deliveryId, event: WEBHOOK_TEST_EVENT, status: 'succeeded', attempts: 1, response_status: 200, next_at: null })]);

    expect((await asUser(t, other, 'POST', url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const { key } = await newKey(t, u);
    expect((await withKey(t, key, 'POST', url)).statusCode).toBe(403);
    await t.app.db.updateTable('webhook_endpoints').set({ disabled_at: new Date(t.clock.now()).toISOString() }).where('id', '=', endpoint.id).execute();
    expect((await asUser(t, u, 'POST', url)).statusCode).toBe(409);
    // Refusals made no delivery.
    expect((await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries).toHaveLength(1);
  });

  it(`lists an endpoint's last ${DELIVERIES_LISTED} deliveries, newest first; the test route has a rate`, async () => {
    const hook = await receiver([200]);
    closers.push(hook.close);
    const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: hook.host, RUN_JOBS: 'false' });
    closers.push(() => t.app.close());
    const u = await t.user(`many-${engine}@example.com`);
    const endpoint = await newEndpoint(t, u, hook.url);
    const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString();
    await t.app.db
      .insertInto('webhook_deliveries')
      .values(Array.from({ length: DELIVERIES_LISTED + 5 }, (_, i) => ({
        id: `msg_${String(i).padStart(3, '0')}`, endpoint_id: endpoint.id, event: 'job.succeeded', subject: `job:${i}`, body: '{}', status: 'failed' as const, attempts: 6,
        next_at: at(i), lease_until: null, lease_owner: null, response_status: 500, last_error: 'The endpoint answered 500.', created_at: at(i), updated_at: at(i),
      })))
      .execute();
    const listed = (await asUser(t, u, 'GET', `/api/webhook-endpoints/${endpoint.id}/deliveries`)).json().deliveries as { id: string }[];
    expect(listed.map((d) => d.id)).toEqual(Array.from({ length: DELIVERIES_LISTED }, (_, i) => `msg_${String(DELIVERIES_LISTED + 4 - i).padStart(3, '0')}`));

    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await asUser(t, u, 'POST', `/api/webhook-endpoints/${endpoint.id}/test`)).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(202), 429]);
    await t.app.webhooks.idle();
  });
});
