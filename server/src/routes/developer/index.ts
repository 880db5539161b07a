import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import {
  CreatedEndpoint, CreatedKey, CreateEndpointBody, CreateKeyBody, DELIVERIES_LISTED, DeliveryList, EndpointIdParams, EndpointList, KeyIdParams, KeyList,
  TestDeliveryResponse, WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT,
} from '../../../../contract/developer.ts';
import { requireUser } from '../../auth/plugin.ts';
import { developerService } from '../../developer/service.ts';
import { isoAt } from '../../time.ts';

const security = [{ bearer: [] }];

/**
 * Personal API keys and webhook endpoints, managed by a signed-in person only: an API key is
 * refused here (403), so a leaked key can neither make more keys nor add a place that receives
 * the user's results and outlives the key's revocation.
 */
const developer: FastifyPluginAsyncTypebox = async (app) => {
  const service = developerService({
    db: app.db, secrets: app.webhooks.secrets, allowHttp: app.config.developer.webhookAllowHttp, allowHosts: app.config.generation.fetchAllowHosts,
    wake: () => app.webhooks.sender.wake(),
  });
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/keys',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags: ['keys'], security, summary: 'Make a personal API key (shown this once)', body: CreateKeyBody, response: withErrors({ 201: CreatedKey }, 400, 401, 403, 409, 429) },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const created = await service.createKey(userId, request.body.name, isoAt(app.now()));
      request.log.info({ userId, keyId: created.id }, 'api key created');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/keys',
    { schema: { tags: ['keys'], security, summary: 'The live API keys (never the keys themselves)', response: withErrors({ 200: KeyList }, 401, 403) } },
    async (request) => service.keys(requireUser(request).id),
  );

  app.delete(
    '/keys/:id',
    { schema: { tags: ['keys'], security, summary: 'Revoke an API key at once', params: KeyIdParams, response: withErrors({ 204: Type.Null() }, 401, 403, 404) } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      await service.revokeKey(userId, request.params.id, isoAt(app.now()));
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
      const created = await service.addEndpoint(userId, request.body.url, request.body.events, isoAt(app.now()));
      request.log.info({ userId, endpointId: created.id }, 'webhook endpoint added');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/webhook-endpoints',
    { schema: { tags: ['webhooks'], security, summary: 'The webhook endpoints, each with its last delivery (never the secret)', response: withErrors({ 200: EndpointList }, 401, 403) } },
    async (request) => service.endpoints(requireUser(request).id),
  );

  app.delete(
    '/webhook-endpoints/:id',
    { schema: { tags: ['webhooks'], security, summary: 'Delete a webhook endpoint and its deliveries', params: EndpointIdParams, response: withErrors({ 204: Type.Null() }, 401, 403, 404) } },
    async (request, reply) => {
      await service.deleteEndpoint(requireUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/webhook-endpoints/:id/deliveries',
    { schema: { tags: ['webhooks'], security, summary: `An endpoint's last ${DELIVERIES_LISTED} deliveries, newest first`, params: EndpointIdParams, response: withErrors({ 200: DeliveryList }, 401, 403, 404) } },
    async (request) => service.deliveries(requireUser(request).id, request.params.id),
  );

  app.post(
    '/webhook-endpoints/:id/test',
    {
      // Each test is a real delivery to someone's server: a few a minute is plenty to check one.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['webhooks'], security, summary: `Send a signed ${WEBHOOK_TEST_EVENT} event to the endpoint (delivered and retried like any other)`,
        params: EndpointIdParams, response: withErrors({ 202: TestDeliveryResponse }, 401, 403, 404, 409, 429),
      },
    },
    async (request, reply) => reply.code(202).send(await service.sendTest(requireUser(request).id, request.params.id, isoAt(app.now()))),
  );
};

export default developer;
