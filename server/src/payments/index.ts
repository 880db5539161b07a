import { createHmac } from 'node:crypto';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/index.ts';
import type { Plan } from '../db/schema.ts';
import { createPaypalProvider } from './paypal.ts';
import { createRazorpayProvider } from './razorpay.ts';
import { createSandboxProvider, type SandboxProvider } from './sandbox.ts';
import type { PaymentProvider, ProviderName } from './types.ts';

/** India's payments go to PAYMENTS_INDIA's provider, every other country's to PAYMENTS_INTERNATIONAL's. */
export type Market = 'india' | 'international';

export const marketOf = (country: string | null): Market => (country === 'IN' ? 'india' : 'international');

export interface PaymentProviders {
  /** The provider taking a market's payments; null when the market is off (paid plans are not sold there). */
  forMarket(market: Market): PaymentProvider | null;
  /** Markets whose payments the sandbox takes (its checkout page and renewals exist only for them). */
  readonly sandboxMarkets: readonly Market[];
  /** A provider by name (webhooks, stored subscriptions); undefined when it is not configured. */
  byName(name: string): PaymentProvider | undefined;
  /** The embedded sandbox (always present: subscriptions made through it are still read and cancelled). */
  readonly sandbox: SandboxProvider;
  /** The plan's id at the provider serving `market`: the configured id, else the seeded one. */
  planIdFor(plan: Pick<Plan, 'id' | 'provider_plan_id' | 'other_plan_id'>, market: Market): string;
}

/** The sandbox signs its events with a key derived from the app's secret, never the secret itself. */
export function sandboxWebhookSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('sandbox-webhook-signature').digest('hex');
}

/** The providers the configuration chooses (PAYMENTS_INDIA, PAYMENTS_INTERNATIONAL). */
export function createPaymentProviders(config: Config, db: Db, now: () => number): PaymentProviders {
  const { payments } = config;
  const sandbox = createSandboxProvider({ db, secret: sandboxWebhookSecret(config.jwtSecret), now });
  const india = payments.india === 'off' ? null : payments.razorpay ? createRazorpayProvider(payments.razorpay) : sandbox;
  const international = payments.international === 'off' ? null : payments.paypal ? createPaypalProvider(payments.paypal, now) : sandbox;
  const byName = new Map<ProviderName, PaymentProvider>([sandbox, india, international].filter((p) => p !== null).map((p) => [p.name, p]));
  return {
    forMarket: (market) => (market === 'india' ? india : international),
    sandboxMarkets: (['india', 'international'] as const).filter((m) => (m === 'india' ? india : international) === sandbox),
    byName: (name) => byName.get(name as ProviderName),
    sandbox,
    planIdFor(plan, market) {
      const configured = market === 'india' ? payments.razorpay?.planIds[plan.id] : payments.paypal?.planIds[plan.id];
      const seeded = market === 'india' ? plan.provider_plan_id : plan.other_plan_id;
      const id = configured ?? seeded;
      if (!id) throw new Error(`plan ${plan.id} has no ${market} provider plan id`);
      return id;
    },
  };
}
