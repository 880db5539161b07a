import { Type } from 'typebox';
import { Durations } from './formats.ts';
import type { Read } from './settings.ts';

/** The developer API: personal API keys and signed webhooks (issue 30). */
export const developerSettings = Type.Object({
  API_KEY_RATE_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 120,
    description: 'Requests each API key may make per minute, on every route it is accepted on (1-100000), beside the per-address generation limit.',
  }),
  WEBHOOK_RETRY_SCHEDULE: Durations({
    default: '5s,5m,30m,2h,5h,10h',
    description:
      'Delays between a webhook delivery\'s attempts, each a whole number of s, m or h (1-10 of them, each at most 24h); with up to 10% jitter. After the last one fails the delivery is given up.',
  }),
  WEBHOOK_ALLOW_HTTP: Type.Boolean({
    default: false,
    description: 'true: with NODE_ENV=production, webhook endpoints may be plain http:// URLs (deliveries and their signing secret then cross the network unencrypted). Outside production http is always allowed.',
  }),
});

/** API keys and webhooks; http:// endpoints are taken outside production, or with WEBHOOK_ALLOW_HTTP=true. */
export const developerOf = ({ values: s }: Read) => ({
  /** Requests per minute allowed to each API key. */
  apiKeyRatePerMinute: s.API_KEY_RATE_PER_MINUTE,
  webhookAllowHttp: s.NODE_ENV !== 'production' || s.WEBHOOK_ALLOW_HTTP,
  /** WEBHOOK_RETRY_SCHEDULE in ms: the delay before attempt 2, 3, …; the delivery is given up after the last. */
  webhookRetryMs: s.WEBHOOK_RETRY_SCHEDULE,
});
