import { Type } from 'typebox';
import type { EnvReader } from './reader.ts';
import type { DeveloperConfig, NodeEnv } from './types.ts';

/** The developer API: personal API keys and signed webhooks (issue 30). */
export const developerSettings = Type.Object({
  API_KEY_RATE_PER_MINUTE: Type.Integer({
    minimum: 1,
    maximum: 100_000,
    default: 120,
    description: 'Requests each API key may make per minute, on every route it is accepted on (1-100000), beside the per-address generation limit.',
  }),
  WEBHOOK_RETRY_SCHEDULE: Type.String({
    format: 'duration-list',
    default: '5s,5m,30m,2h,5h,10h',
    description:
      'Delays between a webhook delivery\'s attempts, each a whole number of s, m or h (1-10 of them, each at most 24h); with up to 10% jitter. After the last one fails the delivery is given up.',
  }),
  WEBHOOK_ALLOW_HTTP: Type.Boolean({
    default: false,
    description: 'true: with NODE_ENV=production, webhook endpoints may be plain http:// URLs (deliveries and their signing secret then cross the network unencrypted). Outside production http is always allowed.',
  }),
});

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000 };
const MAX_DELAY_MS = 24 * 3_600_000;

/** '5s,5m,2h' → [5000, 300000, 7200000], or null (with the reason) when it is not a schedule. */
export function parseRetrySchedule(raw: string): { delays: number[] } | { problem: string } {
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length < 1 || parts.length > 10) return { problem: 'must list 1 to 10 delays' };
  const delays: number[] = [];
  for (const part of parts) {
    const match = /^(\d{1,6})(s|m|h)$/.exec(part);
    const ms = match ? Number(match[1]) * (UNIT_MS[match[2] as string] as number) : NaN;
    if (!(ms >= 1000 && ms <= MAX_DELAY_MS)) return { problem: `must be delays like 5s,5m,2h (each 1s to 24h; got ${JSON.stringify(part)})` };
    delays.push(ms);
  }
  return { delays };
}

export function readDeveloper(r: EnvReader, nodeEnv: NodeEnv): DeveloperConfig {
  const raw = r.durationList('WEBHOOK_RETRY_SCHEDULE');
  const parsed = parseRetrySchedule(raw);
  if ('problem' in parsed) r.problem('WEBHOOK_RETRY_SCHEDULE', parsed.problem);
  return {
    apiKeyRatePerMinute: r.int('API_KEY_RATE_PER_MINUTE'),
    webhookAllowHttp: nodeEnv !== 'production' || r.flag('WEBHOOK_ALLOW_HTTP'),
    webhookRetryMs: 'delays' in parsed ? parsed.delays : (parseRetrySchedule('5s,5m,30m,2h,5h,10h') as { delays: number[] }).delays,
  };
}
