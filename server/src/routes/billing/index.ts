import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  BillingAddress, CreateBillingBody, CreateBillingResponse, CreateSubscriptionBody, CreateSubscriptionResponse, CurrentPlanBody,
  CurrentPlanResponse, ExistingAddressBody, PlansResponse, SubscriptionDetails, SubscriptionDetailsBody, ZipLookupBody, ZipLookupResponse,
} from '../../../../contract/billing.ts';
import { BILLING_MESSAGES, isValidPincode } from '../../../../contract/billing-rules.ts';
import { withErrors } from '../../../../contract/common.ts';
import { assertSameUser, requireUser } from '../../auth/plugin.ts';
import { normalizeEmail } from '../../auth/rules.ts';
import { hasPostalData, lookupPostalCode } from '../../billing/postal.ts';
import { HttpError } from '../../http-error.ts';
import type { Market } from '../../payments/index.ts';
import { countryOfIp } from '../../site/geo.ts';
import sandboxCheckout from './sandbox-checkout.ts';
import webhooks from './webhooks.ts';

const TAGS = ['billing'];
const security = [{ bearer: [] }];

/** Plans, billing address, checkout and receipts (spec document 1 §7), plus provider webhooks. */
const billing: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(webhooks);
  // Only while the sandbox takes some market's payments: a checkout left from before is no free plan.
  if (app.billing.providers.sandboxMarkets.length > 0) await app.register(sandboxCheckout);

  const service = app.billing.service;

  /** The caller's country, from the request address only (never from a body). */
  const countryOf = (request: FastifyRequest): string | null => countryOfIp(request.ip, app.config.countryOverride).country;

  /** The email a body names, normalised; the service checks it is the account's. */
  const bodyEmail = (email: string | undefined) => (email === undefined ? undefined : normalizeEmail(email));

  app.get(
    '/plans',
    { schema: { tags: TAGS, summary: "The paid plans, their prices and monthly limits, and whether they are sold in the caller's country", response: withErrors({ 200: PlansResponse }) } },
    async (request, reply) => {
      // private: `available` depends on where the caller is.
      reply.header('cache-control', 'private, max-age=300');
      return service.plans(countryOf(request));
    },
  );

  // Everything below is signed in.
  await app.register(async (instance) => {
    const signedIn = instance.withTypeProvider<TypeBoxTypeProvider>();
    signedIn.addHook('preHandler', app.authenticate);

    signedIn.post(
      '/get_details_by_zip/',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags: TAGS, security, summary: 'City and state of a postal code (offline data: India and the US)', body: ZipLookupBody, response: withErrors({ 200: ZipLookupResponse }, 400, 401, 404, 429) },
      },
      async (request) => {
        const country = request.body.country_code.toUpperCase();
        const pincode = request.body.pincode.trim().toUpperCase();
        if (!isValidPincode(country, pincode)) throw new HttpError(400, BILLING_MESSAGES.pincode, 'pincode');
        if (!hasPostalData(country)) throw new HttpError(404, 'We cannot look up postal codes for this country. Please type the city and state.', 'pincode');
        const place = await lookupPostalCode(country, pincode);
        if (!place) throw new HttpError(404, 'We could not find this pincode. Please check it.', 'pincode');
        return place;
      },
    );

    signedIn.post(
      '/create_billing/',
      { schema: { tags: TAGS, security, summary: 'Save the billing address', body: CreateBillingBody, response: withErrors({ 201: CreateBillingResponse }, 400, 401, 403) } },
      async (request, reply) => {
        assertSameUser(request, request.body.user_id);
        const saved = await service.saveAddress({ userId: requireUser(request).id, email: bodyEmail(request.body.email), body: request.body, country: countryOf(request) });
        return reply.code(201).send({ status: 'success' as const, message: BILLING_MESSAGES.saved, billing: saved });
      },
    );

    signedIn.post(
      '/get_address_for_existing_subscriber',
      { schema: { tags: TAGS, security, summary: "The account's newest billing address, to prefill the form", body: ExistingAddressBody, response: withErrors({ 200: BillingAddress }, 400, 401, 403, 404) } },
      async (request) => service.newestAddress(requireUser(request).id, bodyEmail(request.body.email)),
    );

    signedIn.post(
      '/get_current_plan/',
      { schema: { tags: TAGS, security, summary: 'The plan in force, its period and what is left of it', body: CurrentPlanBody, response: withErrors({ 200: CurrentPlanResponse }, 400, 401, 403) } },
      async (request) => {
        assertSameUser(request, request.body.user_id);
        return service.currentPlan(requireUser(request).id, countryOf(request));
      },
    );

    const checkout = (path: string, market: Market, summary: string) =>
      signedIn.post(
        path,
        {
          config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
          schema: { tags: TAGS, security, summary, body: CreateSubscriptionBody, response: withErrors({ 200: CreateSubscriptionResponse }, 400, 401, 403, 429, 502) },
        },
        async (request) => {
          assertSameUser(request, request.body.user_id);
          return service.startCheckout({ userId: requireUser(request).id, planId: request.body.plan_id, market, country: countryOf(request), origin: publicOrigin(request) });
        },
      );
    checkout('/subscription/', 'india', 'Start a subscription checkout with the India provider (visitors in India)');
    checkout('/paypal-subscription/', 'international', 'Start a subscription checkout with PayPal (visitors outside India)');

    signedIn.post(
      '/fetch_sub_paypal_details/',
      { schema: { tags: TAGS, security, summary: 'The receipt of one of your subscriptions, for every provider', body: SubscriptionDetailsBody, response: withErrors({ 200: SubscriptionDetails }, 400, 401, 404) } },
      async (request) => service.details(requireUser(request).id, request.body.subscription_id),
    );
  });

  function publicOrigin(request: FastifyRequest): string {
    return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  }
};

export default billing;
