import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { HttpError } from '../../http-error.ts';
import { PaymentProviderError, PROVIDER_FAILED } from '../../payments/types.ts';

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * POST /api/webhooks/{provider}: signed provider events. The body is kept as the exact bytes
 * received (signatures are over them; it is never parsed and re-serialised before the check).
 * Each event is applied once, in any order (billing/subscriptions.ts applyEvent).
 */
const webhooks: FastifyPluginAsyncTypebox = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/:provider',
    {
      schema: {
        tags: ['billing'],
        summary: 'Payment provider webhooks (sandbox, razorpay, paypal), verified by signature',
        params: Type.Object({ provider: Type.String({ maxLength: 20 }) }),
        response: withErrors({ 200: Type.Object({ received: Type.Boolean(), applied: Type.Integer() }) }, 400, 404, 502),
      },
    },
    async (request) => {
      const provider = app.billing.providers.byName(request.params.provider);
      if (!provider) throw new HttpError(404, 'Unknown payment provider.');
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const delivery = { rawBody, headers: request.headers };
      // PayPal's check and its sale events call PayPal: an outage is a 502 (PayPal delivers again),
      // with PayPal's words in the log only.
      const fromProvider = async <T>(call: () => Promise<T>): Promise<T> => {
        try {
          return await call();
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          request.log.error({ err, provider: provider.name }, 'payment provider failed while a webhook was taken');
          throw new HttpError(502, PROVIDER_FAILED.webhook);
        }
      };
      if (!(await fromProvider(() => provider.verifyWebhook(delivery)))) {
        request.log.warn({ provider: provider.name }, 'webhook signature did not verify');
        throw new HttpError(400, 'Invalid signature.');
      }
      let events;
      try {
        events = await fromProvider(() => provider.parseWebhook(delivery));
      } catch (err) {
        if (err instanceof SyntaxError || err instanceof TypeError) throw new HttpError(400, 'Malformed event.');
        throw err;
      }
      let applied = 0;
      for (const event of events) {
        const outcome = await app.billing.subscriptions.applyEvent(provider.name, event, rawBody.toString('utf8'));
        if (outcome === 'applied') applied += 1;
        request.log.info({ provider: provider.name, eventId: event.eventId, type: event.type, outcome }, 'payment event');
      }
      return { received: true, applied };
    },
  );
};

export default webhooks;
