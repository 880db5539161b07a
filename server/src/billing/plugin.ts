import { globalPlugin } from '../plugins/global-plugin.ts';
import { usersRepository } from '../db/repositories/users.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { createPaymentProviders, type PaymentProviders } from '../payments/index.ts';
import { entitlements, type Entitlements } from './entitlements.ts';
import { grants } from './grants.ts';
import { receiptMail } from './receipt.ts';
import { billingService, type BillingService } from './service.ts';
import { subscriptions, type Subscriptions } from './subscriptions.ts';

export interface Billing {
  providers: PaymentProviders;
  subscriptions: Subscriptions;
  /** "May user U start a job of kind K now" and "what is left this period". */
  entitlements: Entitlements;
  grants: ReturnType<typeof grants>;
  /** The use cases the billing routes call (plans, addresses, checkout, receipts). */
  service: BillingService;
}

declare module 'fastify' {
  interface FastifyInstance {
    billing: Billing;
  }
}

/** Payment providers, subscriptions, grants and entitlements on `app.billing`. After core, mail and auth. */
export const billingPlugin = globalPlugin(async (app) => {
  const now = () => app.now();
  const providers = createPaymentProviders(app.config, app.db, now);
  if (app.config.nodeEnv === 'production' && providers.sandboxMarkets.length > 0) {
    app.log.warn(
      { markets: providers.sandboxMarkets },
      'PAYMENTS_SANDBOX_IN_PRODUCTION=true: the sandbox takes payments in production, so anyone gets any paid plan by clicking Approve',
    );
  }
  const users = usersRepository(app.db);
  const subs: Subscriptions = subscriptions({
    db: app.db,
    providers,
    now,
    log: app.log,
    async onApproved(subscriptionId) {
      const row = await subscriptionsRepository(app.db).byId(subscriptionId);
      const user = row && (await users.findById(row.user_id));
      if (!row || !user) return;
      const mail = receiptMail(await subs.details(user, row.provider_subscription_id));
      await app.mailer.send({ to: user.email, ...mail });
    },
  });
  const parts = { providers, subscriptions: subs, entitlements: entitlements(app.db), grants: grants(app.db, now) };
  app.decorate('billing', { ...parts, service: billingService({ db: app.db, now, ...parts }) });
});
