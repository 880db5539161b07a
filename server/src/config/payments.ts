import { Type } from 'typebox';
import type { EnvReader } from './reader.ts';
import type { NodeEnv, PaymentsConfig } from './types.ts';

/** Who takes payments in each market, and the providers' keys. */
export const paymentsSettings = Type.Object({
  PAYMENTS_INDIA: Type.Enum(['sandbox', 'razorpay', 'off'], {
    default: 'sandbox',
    defaultText: 'sandbox (in production: must be set)',
    description:
      'Who takes payments from India: razorpay, off (paid plans are not sold there) or sandbox (no network, our own checkout page whose Approve button gives the plan for free; refused in production unless PAYMENTS_SANDBOX_IN_PRODUCTION=true).',
  }),
  PAYMENTS_INTERNATIONAL: Type.Enum(['sandbox', 'paypal', 'off'], {
    default: 'sandbox',
    defaultText: 'sandbox (in production: must be set)',
    description: 'Who takes payments from other countries: paypal, off or sandbox (as PAYMENTS_INDIA).',
  }),
  PAYMENTS_SANDBOX_IN_PRODUCTION: Type.Boolean({
    default: false,
    description:
      'true: with NODE_ENV=production, a market left unset or set to sandbox runs on the sandbox, where anyone gets any paid plan by clicking Approve (demos and benches); every start logs a warning.',
  }),
  RAZORPAY_KEY_ID: Type.String({ format: 'text', description: 'Razorpay API key id (required with PAYMENTS_INDIA=razorpay).' }),
  RAZORPAY_KEY_SECRET: Type.String({ format: 'secret', description: 'Razorpay API key secret.' }),
  RAZORPAY_WEBHOOK_SECRET: Type.String({ format: 'secret', description: 'Secret of the Razorpay webhook pointed at /api/webhooks/razorpay.' }),
  RAZORPAY_API_URL: Type.String({ format: 'base-url', default: 'https://api.razorpay.com/v1', description: 'Razorpay API base (tests point it at a local fake).' }),
  RAZORPAY_PLAN_IDS: Type.String({
    format: 'plan-ids',
    defaultText: '(unset: plan_basic_inr, plan_advanced_inr, plan_premium_inr)',
    description: 'Razorpay plan ids per plan: basic=plan_X,advanced=plan_Y,premium=plan_Z.',
  }),
  PAYPAL_CLIENT_ID: Type.String({ format: 'text', description: 'PayPal REST client id (required with PAYMENTS_INTERNATIONAL=paypal).' }),
  PAYPAL_CLIENT_SECRET: Type.String({ format: 'secret', description: 'PayPal REST client secret.' }),
  PAYPAL_WEBHOOK_ID: Type.String({ format: 'text', description: 'Id of the PayPal webhook pointed at /api/webhooks/paypal (signatures are verified against it).' }),
  PAYPAL_API_URL: Type.String({
    format: 'base-url',
    default: 'https://api-m.paypal.com',
    description: 'PayPal API base: https://api-m.sandbox.paypal.com for PayPal\'s own sandbox; tests point it at a local fake.',
  }),
  PAYPAL_PLAN_IDS: Type.String({
    format: 'plan-ids',
    defaultText: '(unset: P-BASIC-USD, P-ADVANCED-USD, P-PREMIUM-USD)',
    description: 'PayPal plan ids per plan: basic=P-X,advanced=P-Y,premium=P-Z.',
  }),
});

const PLAN_SLUGS = ['basic', 'advanced', 'premium'];

export function readPayments(r: EnvReader, nodeEnv: NodeEnv): PaymentsConfig {
  const india = r.oneOf('PAYMENTS_INDIA');
  const international = r.oneOf('PAYMENTS_INTERNATIONAL');
  const sandboxAllowed = r.flag('PAYMENTS_SANDBOX_IN_PRODUCTION') || nodeEnv !== 'production';
  // The sandbox's Approve button gives any plan to anyone: production sells through a real provider or not at all.
  for (const [name, chosen, real] of [['PAYMENTS_INDIA', india, 'razorpay'], ['PAYMENTS_INTERNATIONAL', international, 'paypal']] as const) {
    if (chosen === 'sandbox' && !sandboxAllowed) {
      r.problem(name, `must be ${real} or off in production: the sandbox checkout gives paid plans away (PAYMENTS_SANDBOX_IN_PRODUCTION=true runs it anyway)`);
    }
  }
  const razorpay =
    india === 'razorpay'
      ? {
          keyId: r.required('RAZORPAY_KEY_ID', 'PAYMENTS_INDIA=razorpay'),
          keySecret: r.required('RAZORPAY_KEY_SECRET', 'PAYMENTS_INDIA=razorpay'),
          webhookSecret: r.required('RAZORPAY_WEBHOOK_SECRET', 'PAYMENTS_INDIA=razorpay'),
          apiUrl: r.baseUrl('RAZORPAY_API_URL'),
          planIds: r.planIds('RAZORPAY_PLAN_IDS', PLAN_SLUGS),
        }
      : null;
  const paypal =
    international === 'paypal'
      ? {
          clientId: r.required('PAYPAL_CLIENT_ID', 'PAYMENTS_INTERNATIONAL=paypal'),
          clientSecret: r.required('PAYPAL_CLIENT_SECRET', 'PAYMENTS_INTERNATIONAL=paypal'),
          webhookId: r.required('PAYPAL_WEBHOOK_ID', 'PAYMENTS_INTERNATIONAL=paypal'),
          apiUrl: r.baseUrl('PAYPAL_API_URL'),
          planIds: r.planIds('PAYPAL_PLAN_IDS', PLAN_SLUGS),
        }
      : null;
  return { india, international, razorpay, paypal };
}
