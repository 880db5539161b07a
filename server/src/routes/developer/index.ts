import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import {
  API_KEYS_MAX, CreatedEndpoint, CreatedKey, CreateEndpointBody, CreateKeyBody, DeliveryList, EndpointIdParams, EndpointList, KeyIdParams, KeyList,
  WEBHOOK_ENDPOINTS_MAX, WEBHOOK_EVENTS,
} from '../../../../contract/developer.ts';
import { requireUser } from '../../auth/plugin.ts';
import { validName } from '../../auth/rules.ts';
import { apiKeysRepository } from '../../db/repositories/api-keys.ts';
import { webhooksRepository, type DeliveryRow } from '../../db/repositories/webhooks.ts';
import { newId } from '../../db/util.ts';
import { newApiKey } from '../../developer/keys.ts';
import { newWebhookSecret } from '../../developer/signing.ts';
import { HttpError } from '../../http-error.ts';
import { checkFetchUrl, FetchFailedError, FetchRefusedError } from '../../net/safe-fetch.ts';
import { isoAt } from '../../time.ts';

const security = [{ bearer: [] }];
const DELIVERIES_SHOWN = 50;

const deliveryView = (d: DeliveryRow) => ({
  id: d.id,
  event: d.event,
  status: d.status,
  attempts: d.attempts,
  response_status: d.response_status,
  next_at: d.status === 'pending' ? d.next_at : null,
  created_at: d.created_at,
  updated_at: d.updated_at,
});

/**
 * Personal API keys and webhook endpoints, managed by a signed-in person only: an API key is
 * refused here (403), so a leaked key can neither make more keys nor add a place that receives
 * the user's results and outlives the key's revocation.
 */
const developer: FastifyPluginAsyncTypebox = async (app) => {
  const keys = apiKeysRepository(app.db);
  const webhooks = webhooksRepository(app.db);
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/keys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags: ['keys'], security, summary: 'Make a personal API key (shown this once)', body: CreateKeyBody, response: withErrors({ 201: CreatedKey }, 400, 401, 403, 409, 429) },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const name = validName(request.body.name);
      if ((await keys.countLive(userId)) >= API_KEYS_MAX) throw new HttpError(409, `You can have at most ${API_KEYS_MAX} API keys. Revoke one first.`);
      const { key, hash, prefix } = newApiKey();
      const row = await keys.create({ id: newId(), user_id: userId, name, key_hash: hash, prefix, created_at: isoAt(app.now()) });
      request.log.info({ userId, keyId: row.id }, 'api key created');
      return reply.code(201).send({ id: row.id, name: row.name, key, created_at: row.created_at });
    },
  );

  app.get(
    '/keys',
    { schema: { tags: ['keys'], security, summary: 'The live API keys (never the keys themselves)', response: withErrors({ 200: KeyList }, 401, 403) } },
    async (request) => {
      const rows = await keys.live(requireUser(request).id);
      return { keys: rows.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, created_at: k.created_at, last_used_at: k.last_used_at })) };
    },
  );

  app.delete(
    '/keys/:id',
    { schema: { tags: ['keys'], security, summary: 'Revoke an API key at once', params: KeyIdParams, response: withErrors({ 204: Type.Null() }, 401, 403, 404) } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      if (!(await keys.revoke(userId, request.params.id, isoAt(app.now())))) throw new HttpError(404, 'API key not found.');
      request.log.info({ userId, keyId: request.params.id }, 'api key revoked');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhook-endpoints',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: {
        tags: ['webhooks'],
        security,
        summary: `Add a webhook endpoint for ${WEBHOOK_EVENTS.join(', ')} (its secret is shown this once)`,
        body: CreateEndpointBody,
        response: withErrors({ 201: CreatedEndpoint }, 400, 401, 403, 409, 429),
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const url = request.body.url.trim();
      if (!app.config.developer.webhookAllowHttp && /^http:/i.test(url)) {
        throw new HttpError(400, 'Webhook endpoints must use https:// in production (WEBHOOK_ALLOW_HTTP=true allows http://).', 'url');
      }
      try {
        await checkFetchUrl(url, { allowHosts: app.config.generation.fetchAllowHosts });
      } catch (err) {
        if (err instanceof FetchRefusedError) throw new HttpError(400, `This URL cannot receive webhooks: ${err.message}`, 'url');
        if (err instanceof FetchFailedError) throw new HttpError(400, "This URL's host name could not be found.", 'url');
        throw err;
      }
      if ((await webhooks.endpoints(userId)).length >= WEBHOOK_ENDPOINTS_MAX) throw new HttpError(409, `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints. Delete one first.`);
      const events = request.body.events ?? [...WEBHOOK_EVENTS];
      // Shown this once; kept only sealed.
      const id = newId();
      const secret = newWebhookSecret();
      const row = await webhooks.createEndpoint({ id, user_id: userId, url, events: JSON.stringify(events), secret: app.webhooks.secrets.seal(secret, id), created_at: isoAt(app.now()) });
      request.log.info({ userId, endpointId: row.id }, 'webhook endpoint added');
      return reply.code(201).send({ id: row.id, url: row.url, events, secret });
    },
  );

  app.get(
    '/webhook-endpoints',
    { schema: { tags: ['webhooks'], security, summary: 'The webhook endpoints, each with its last delivery (never the secret)', response: withErrors({ 200: EndpointList }, 401, 403) } },
    async (request) => {
      const rows = await webhooks.endpoints(requireUser(request).id);
      const last = await webhooks.lastDeliveries(rows.map((r) => r.id));
      return {
        endpoints: rows.map((e) => {
          const d = last.get(e.id);
          return { id: e.id, url: e.url, events: JSON.parse(e.events) as string[], disabled: e.disabled_at !== null, last_delivery: d ? { status: d.status, at: d.updated_at } : null };
        }),
      };
    },
  );

  app.delete(
    '/webhook-endpoints/:id',
    { schema: { tags: ['webhooks'], security, summary: 'Delete a webhook endpoint and its deliveries', params: EndpointIdParams, response: withErrors({ 204: Type.Null() }, 401, 403, 404) } },
    async (request, reply) => {
      if (!(await webhooks.deleteEndpoint(requireUser(request).id, request.params.id))) throw new HttpError(404, 'Webhook endpoint not found.');
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    { schema: { tags: ['webhooks'], security, summary: `An endpoint's last ${DELIVERIES_SHOWN} deliveries, newest first`, params: EndpointIdParams, response: withErrors({ 200: DeliveryList }, 401, 403, 404) } },
    async (request) => {
      const endpoint = await webhooks.endpointOf(requireUser(request).id, request.params.id);
      if (!endpoint) throw new HttpError(404, 'Webhook endpoint not found.');
      return { deliveries: (await webhooks.deliveries(endpoint.id, DELIVERIES_SHOWN)).map(deliveryView) };
    },
  );
};

export default developer;
