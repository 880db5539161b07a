import { Type } from 'typebox';
import { Text } from './formats.ts';
import type { Read } from './settings.ts';

/** Who runs jobs, and Redis (the BullMQ queue, shared rate limits and job events). */
export const queueSettings = Type.Object({
  WORKER_CONCURRENCY: Type.Integer({
    minimum: 0,
    maximum: 32,
    default: 2,
    defaultText: '2 (0 in API processes when REDIS_URL is set)',
    description: 'Generation jobs run at once by each process that runs jobs (0-32; 0: this API process runs none). `npm run worker` needs at least 1.',
  }),
  JOB_LEASE_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 600,
    default: 30,
    description: 'A running job whose process stops renewing its lease for this long is taken up again by another (1-600).',
  }),
  RUN_JOBS: Type.Boolean({ default: true, description: 'false: this API process only queues jobs; `npm run worker` processes run them.' }),
  REDIS_URL: Type.Optional(Text('redis-url', {
    defaultText: '(unset: jobs are found by polling the database; rate limits count per process)',
    description:
      'redis://[user:password@]host:6379[/db] or rediss://: jobs go through a BullMQ queue to `npm run worker` processes, and rate limits, cancels and job wake-ups are shared by every process.',
  })),
  REDIS_PREFIX: Text('key-prefix', {
    default: 'persona',
    description: 'Prefix of every Redis key and channel (queue, rate limits, job events), so deployments can share one Redis.',
  }),
});

/** Redis (BullMQ queue, shared rate limits, job events), or null: everything stays in this process. */
export const redisOf = ({ values: s }: Read) => (s.REDIS_URL === undefined ? null : { url: s.REDIS_URL, /** Prefix of every key and channel. */ prefix: s.REDIS_PREFIX });
