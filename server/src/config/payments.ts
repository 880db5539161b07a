import { Type } from 'typebox';
import { PlanIds, Text, Url } from './formats.ts';
import { required } from './parse.ts';
import type { Read } from './settings.ts';

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
  RAZORPAY_KEY_ID: Type.Optional(Text('text', { description: 'Razorpay API key id (required with PAYMENTS_INDIA=razorpay).' })),
  RAZORPAY_KEY_SECRET: Type.Optional(Text('secret', { description: 'Razorpay API key secret.' })),
  RAZORPAY_WEBHOOK_SECRET: Type.Optional(Text('secret', { description: 'Secret of the Razorpay webhook pointed at /api/webhooks/razorpay.' })),
  RAZORPAY_API_URL: Url('base-url', { default: 'https://api.razorpay.com/v1', description: 'Razorpay API base (tests point it at a local fake).' }),
  RAZORPAY_PLAN_IDS: Type.Optional(PlanIds({
    defaultText: '(unset: plan_basic_inr, plan_advanced_inr, plan_premium_inr)',
    description: 'Razorpay plan ids per plan: basic=plan_X,advanced=plan_Y,premium=plan_Z.',
  })),
  PAYPAL_CLIENT_ID: Type.Optional(Text('text', { description: 'PayPal REST client id (required with PAYMENTS_INTERNATIONAL=paypal).' })),
  PAYPAL_CLIENT_SECRET: Type.Optional(Text('secret', { description: 'PayPal REST client secret.' })),
  PAYPAL_WEBHOOK_ID: Type.Optional(Text('text', { description: 'Id of the PayPal webhook pointed at /api/webhooks/paypal (signatures are verified against it).' })),
  PAYPAL_API_URL: Url('base-url', {
    default: 'https://api-m.paypal.com',
    description: 'PayPal API base: https://api-m.sandbox.paypal.com for PayPal\'s own sandbox; tests point it at a local fake.',
  }),
  PAYPAL_PLAN_IDS: Type.Optional(PlanIds({
    defaultText: '(unset: P-BASIC-USD, P-ADVANCED-USD, P-PREMIUM-USD)',
    description: 'PayPal plan ids per plan: basic=P-X,advanced=P-Y,premium=P-Z.',
  })),
});

/** Who takes payments, checked against production (the sandbox gives plans away), with the chosen providers' keys. */
export function paymentsOf({ values: s, report }: Read) {
  const india = s.PAYMENTS_INDIA;
  const international = s.PAYMENTS_INTERNATIONAL;
  const sandboxAllowed = s.PAYMENTS_SANDBOX_IN_PRODUCTION || s.NODE_ENV !== 'production';
  // The sandbox's Approve button gives any plan to anyone: production sells through a real provider or not at all.
  for (const [name, chosen, real] of [['PAYMENTS_INDIA', india, 'razorpay'], ['PAYMENTS_INTERNATIONAL', international, 'paypal']] as const) {
    if (chosen === 'sandbox' && !sandboxAllowed) {
      report(name, `must be ${real} or off in production: the sandbox checkout gives paid plans away (PAYMENTS_SANDBOX_IN_PRODUCTION=true runs it anyway)`);
    }
  }
  const withRazorpay = 'PAYMENTS_INDIA=razorpay';
  const withPaypal = 'PAYMENTS_INTERNATIONAL=paypal';
  return {
    /** off: paid plans are not sold to visitors from that market. */
    india,
    international,
    /** Set when PAYMENTS_INDIA=razorpay. */
    razorpay:
      india === 'razorpay'
        ? {
            keyId: required(s, report, 'RAZORPAY_KEY_ID', withRazorpay),
            keySecret: required(s, report, 'RAZORPAY_KEY_SECRET', withRazorpay),
            webhookSecret: required(s, report, 'RAZORPAY_WEBHOOK_SECRET', withRazorpay),
            apiUrl: s.RAZORPAY_API_URL,
            planIds: s.RAZORPAY_PLAN_IDS ?? {},
          }
        : null,
    /** Set when PAYMENTS_INTERNATIONAL=paypal. */
    paypal:
      international === 'paypal'
        ? {
            clientId: required(s, report, 'PAYPAL_CLIENT_ID', withPaypal),
            clientSecret: required(s, report, 'PAYPAL_CLIENT_SECRET', withPaypal),
            webhookId: required(s, report, 'PAYPAL_WEBHOOK_ID', withPaypal),
            apiUrl: s.PAYPAL_API_URL,
            planIds: s.PAYPAL_PLAN_IDS ?? {},
          }
        : null,
  };
}
