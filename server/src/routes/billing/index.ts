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
import { FREE_TRIAL_DAYS } from '../../billing/grants.ts';
import { hasPostalData, lookupPostalCode } from '../../billing/postal.ts';
import { billingAddressesRepository } from '../../db/repositories/billing-addresses.ts';
import { plansRepository } from '../../db/repositories/plans.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { HttpError } from '../../http-error.ts';
import { marketOf, type Market } from '../../payments/index.ts';
import { countryOfIp } from '../../site/geo.ts';
import { validBilling } from './validate.ts';
import sandboxCheckout from './sandbox-checkout.ts';
import webhooks from './webhooks.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['billing'];
const security = [{ bearer: [] }];

/** Plans, billing address, checkout and receipts (spec document 1 §7), plus provider webhooks. */
const billing: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(webhooks);
  // Only while the sandbox takes some market's payments: a checkout left from before is no free plan.
  if (app.billing.providers.sandboxMarkets.length > 0) await app.register(sandboxCheckout);

  const plans = plansRepository(app.db);
  const addresses = billingAddressesRepository(app.db);
  const users = usersRepository(app.db);

  /** The caller's country, from the request address only (never from a body). */
  const countryOf = (request: FastifyRequest): string | null => countryOfIp(request.ip, app.config.countryOverride).country;

  const signedInUser = async (request: FastifyRequest) => {
    const user = await users.findById(requireUser(request).id);
    if (!user) throw new HttpError(401, 'Authentication required.');
    return user;
  };

  app.get(
    '/plans',
    { schema: { tags: TAGS, summary: "The paid plans, their prices and monthly limits, and whether they are sold in the caller's country", response: withErrors({ 200: PlansResponse }) } },
    async (request, reply) => {
      // private: `available` depends on where the caller is.
      reply.header('cache-control', 'private, max-age=300');
      const rows = await plans.list();
      return {
        trial_days: FREE_TRIAL_DAYS,
        available: app.billing.providers.forMarket(marketOf(countryOf(request))) !== null,
        plans: rows.map((p) => ({
          id: p.id,
          name: p.name,
          india_plan_id: app.billing.providers.planIdFor(p, 'india'),
          international_plan_id: app.billing.providers.planIdFor(p, 'international'),
          price_inr: p.price_inr_paise / 100,
          list_price_inr: p.list_price_inr_paise / 100,
          price_usd: p.price_usd_cents / 100,
          list_price_usd: p.list_price_usd_cents / 100,
          limits: { faceGeneration: p.face_limit, imageGeneration: p.image_limit, videoGeneration: p.video_limit },
        })),
      };
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
        const user = await signedInUser(request);
        if (request.body.email !== undefined && normalizeEmail(request.body.email) !== user.email) {
          throw new HttpError(400, 'The email does not match this account.', 'email');
        }
        const fields = await validBilling(request.body, countryOf(request));
        const saved = await addresses.add({ userId: user.id, email: user.email, ...fields, now: isoAt(app.now()) });
        return reply.code(201).send({ status: 'success' as const, message: BILLING_MESSAGES.saved, billing: saved });
      },
    );

    signedIn.post(
      '/get_address_for_existing_subscriber',
      { schema: { tags: TAGS, security, summary: "The account's newest billing address, to prefill the form", body: ExistingAddressBody, response: withErrors({ 200: BillingAddress }, 400, 401, 403, 404) } },
      async (request) => {
        const user = await signedInUser(request);
        if (request.body.email !== undefined && normalizeEmail(request.body.email) !== user.email) throw new HttpError(403, 'Forbidden');
        const address = await addresses.newest(user.id);
        if (!address) throw new HttpError(404, 'No saved billing address.');
        return address;
      },
    );

    signedIn.post(
      '/get_current_plan/',
      { schema: { tags: TAGS, security, summary: 'The plan in force, its period and what is left of it', body: CurrentPlanBody, response: withErrors({ 200: CurrentPlanResponse }, 400, 401, 403) } },
      async (request) => {
        assertSameUser(request, request.body.user_id);
        const { id } = requireUser(request);
        const [summary, processing, hadTrial] = await Promise.all([
          app.billing.entitlements.summary(id, isoAt(app.now())),
          app.billing.subscriptions.processingPlan(id),
          app.billing.grants.hasHadTrial(id),
        ]);
        const market = marketOf(countryOf(request));
        const plan = summary?.entitlement.plan;
        return {
          plan_id: plan ? (market === 'india' ? plan.provider_plan_id : plan.other_plan_id) : null,
          plan: plan?.id ?? null,
          plan_name: plan?.name ?? null,
          source: summary?.entitlement.source ?? null,
          period_start: summary?.entitlement.periodStart ?? null,
          period_end: summary?.entitlement.periodEnd ?? null,
          usage: summary?.usage ?? null,
          processing_plan: processing,
          trial_available: !hadTrial,
        };
      },
    );

    const checkout = (path: string, market: Market, summary: string, wrongMarket: string) =>
      signedIn.post(
        path,
        {
          config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
          schema: { tags: TAGS, security, summary, body: CreateSubscriptionBody, response: withErrors({ 200: CreateSubscriptionResponse }, 400, 401, 403, 429, 502) },
        },
        async (request) => {
          assertSameUser(request, request.body.user_id);
          const user = await signedInUser(request);
          const visitorMarket = marketOf(countryOf(request));
          if (!app.billing.providers.forMarket(visitorMarket)) throw new HttpError(400, BILLING_MESSAGES.paidPlansUnavailable);
          if (visitorMarket !== market) throw new HttpError(400, wrongMarket, 'plan_id');
          if (!(await addresses.newest(user.id))) throw new HttpError(400, 'Please save your billing address first.');
          return app.billing.subscriptions.startCheckout({ user, planId: request.body.plan_id, market, origin: publicOrigin(request) });
        },
      );
    checkout('/subscription/', 'india', 'Start a subscription checkout with the India provider (visitors in India)', 'Payments from outside India go through PayPal. Please reload the page and try again.');
    checkout('/paypal-subscription/', 'international', 'Start a subscription checkout with PayPal (visitors outside India)', 'Payments from India go through the India payment provider. Please reload the page and try again.');

    signedIn.post(
      '/fetch_sub_paypal_details/',
      { schema: { tags: TAGS, security, summary: 'The receipt of one of your subscriptions, for every provider', body: SubscriptionDetailsBody, response: withErrors({ 200: SubscriptionDetails }, 400, 401, 404) } },
      async (request) => app.billing.subscriptions.details(await signedInUser(request), request.body.subscription_id),
    );
  });

  function publicOrigin(request: FastifyRequest): string {
    return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
  }
};

export default billing;
