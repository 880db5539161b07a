// A person's developer access (ARCHITECTURE §4): personal API keys (shown once, kept as their
// SHA-256) and webhook endpoints (their signing secret shown once, kept sealed), each capped per
// user, and what was delivered to an endpoint. Always the user's own: another user's key or
// endpoint is as absent as a missing one (404).
import {
  API_KEYS_MAX, DELIVERIES_LISTED, WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT,
  type CreatedEndpoint, type CreatedKey, type DeliveryList, type EndpointList, type KeyList, type TestDeliveryResponse, type WebhookEvent,
} from '../../../contract/developer.ts';
import { validName } from '../auth/rules.ts';
import type { Db } from '../db/index.ts';
import { apiKeysRepository } from '../db/repositories/api-keys.ts';
import { webhooksRepository, type DeliveryRow } from '../db/repositories/webhooks.ts';
import { newId } from '../db/util.ts';
import { HttpError } from '../http-error.ts';
import { checkFetchUrl, FetchFailedError, FetchRefusedError } from '../net/safe-fetch.ts';
import { newApiKey } from './keys.ts';
import type { WebhookSecrets } from './secrets.ts';
import { newWebhookSecret } from './signing.ts';


export interface DeveloperServiceDeps {
  db: Db;
  secrets: Pick<WebhookSecrets, 'seal'>;
  /** WEBHOOK_ALLOW_HTTP: endpoints may be plain http:// (development). */
  allowHttp: boolean;
  /** Hosts an endpoint may be on besides public ones (tests). */
  allowHosts: readonly string[];
  /** Deliveries were enqueued: the sender should look now. */
  wake: () => void;
}

const endpointNotFound = () => new HttpError(404, 'Webhook endpoint not found.');

const deliveryView = (d: DeliveryRow): DeliveryList['deliveries'][number] => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  response_status: d.response_status,
  next_at: d.status === 'pending' ? d.next_at : null,
  created_at: d.created_at,
  updated_at: d.updated_at,
});

export function developerService({ db, secrets, allowHttp, allowHosts, wake }: DeveloperServiceDeps) {
  const keys = apiKeysRepository(db);
  const webhooks = webhooksRepository(db);

  /** 400 naming `url` unless it may receive webhooks: https (unless allowed), a public host that resolves. */
  async function checkEndpointUrl(url: string): Promise<void> {
    if (!allowHttp && /^http:/i.test(url)) {
      throw new HttpError(400, 'Webhook endpoints must use https:// in production (WEBHOOK_ALLOW_HTTP=true allows http://).', 'url');
    }
    try {
      await checkFetchUrl(url, { allowHosts });
    } catch (err) {
      if (err instanceof FetchRefusedError) throw new HttpError(400, `This URL cannot receive webhooks: ${err.message}`, 'url');
      if (err instanceof FetchFailedError) throw new HttpError(400, "This URL's host name could not be found.", 'url');
      throw err;
    }
  }

  return {
    /** A new key named `name` (the key itself is in this answer only); 409 at API_KEYS_MAX live keys. */
    async createKey(userId: string, name: string | undefined, now: string): Promise<CreatedKey> {
      const checked = validName(name);
      if ((await keys.countLive(userId)) >= API_KEYS_MAX) throw new HttpError(409, `You can have at most ${API_KEYS_MAX} API keys. Revoke one first.`);
      const { key, hash, prefix } = newApiKey();
      const row = await keys.create({ id: newId(), user_id: userId, name: checked, key_hash: hash, prefix, created_at: now });
      return { id: row.id, name: row.name, key, created_at: row.created_at };
    },

    /** The user's live keys, never the keys themselves. */
    async keys(userId: string): Promise<KeyList> {
      const rows = await keys.live(userId);
      return { keys: rows.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, created_at: k.created_at, last_used_at: k.last_used_at })) };
    },

    /** Revokes the user's key at once; 404 when it is not theirs or already revoked. */
    async revokeKey(userId: string, keyId: string, now: string): Promise<void> {
      if (!(await keys.revoke(userId, keyId, now))) throw new HttpError(404, 'API key not found.');
    },

    /** A new endpoint for `events` (all without); its signing secret is in this answer only. 409 at WEBHOOK_ENDPOINTS_MAX. */
    async addEndpoint(userId: string, rawUrl: string, wanted: readonly WebhookEvent[] | undefined, now: string): Promise<CreatedEndpoint> {
      const url = rawUrl.trim();
      await checkEndpointUrl(url);
      if ((await webhooks.endpoints(userId)).length >= WEBHOOK_ENDPOINTS_MAX) throw new HttpError(409, `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`);
      const events = wanted ?? [...WEBHOOK_EVENTS];
      // Shown this once; kept only sealed.
      const id = newId();
      const secret = newWebhookSecret();
      const row = await webhooks.createEndpoint({ id, user_id: userId, url, events: JSON.stringify(events), secret: secrets.seal(secret, id), created_at: now });
      return { id: row.id, url: row.url, events: [...events], secret };
    },

    /** The user's endpoints, each with its last delivery (never the secret). */
    async endpoints(userId: string): Promise<EndpointList> {
      const rows = await webhooks.endpoints(userId);
      const last = await webhooks.lastDeliveries(rows.map((r) => r.id));
      return {
        endpoints: rows.map((e) => {
          const d = last.get(e.id);
          return { id: e.id, url: e.url, events: JSON.parse(e.events) as string[], disabled: e.disabled_at !== null, last_delivery: d ? { status: d.status, at: d.updated_at } : null };
        }),
      };
    },

    /** Deletes the user's endpoint and its deliveries; 404 when it is not theirs. */
    async deleteEndpoint(userId: string, endpointId: string): Promise<void> {
      if (!(await webhooks.deleteEndpoint(userId, endpointId))) throw endpointNotFound();
    },

    /** The endpoint's last deliveries, newest first; 404 when it is not the user's. */
    async deliveries(userId: string, endpointId: string): Promise<DeliveryList> {
      const endpoint = await webhooks.endpointOf(userId, endpointId);
      if (!endpoint) throw endpointNotFound();
      return { deliveries: (await webhooks.deliveries(endpoint.id, DELIVERIES_LISTED)).map(deliveryView) };
    },

    /**
     * A signed `webhook.test` event to the endpoint (issue 45), whatever events it asked for, made and
     * sent as any delivery (retried on failure); 404 when it is not the user's, 409 once it is disabled
     * (the sender would give the delivery up unsent).
     */
    async sendTest(userId: string, endpointId: string, now: string): Promise<TestDeliveryResponse> {
      const endpoint = await webhooks.endpointOf(userId, endpointId);
      if (!endpoint) throw endpointNotFound();
      if (endpoint.disabled_at) throw new HttpError(409, 'This endpoint is disabled (it answered 410 Gone). Delete it and add it again to receive events.');
      const body = JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: now, data: { endpoint_id: endpoint.id, message: 'A test event from Persona Studio.' } });
      const id = await webhooks.enqueueTest(endpoint.id, WEBHOOK_TEST_EVENT, body, now);
      wake();
      return { delivery_id: id };
    },
  };
}

export type DeveloperService = ReturnType<typeof developerService>;
