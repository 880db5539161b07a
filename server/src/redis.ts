// Every Redis connection of a process is made here, from REDIS_URL, with the options of its use:
// ioredis, the client BullMQ and @fastify/rate-limit are written for. Each is named
// `<REDIS_PREFIX>:<use>` (CLIENT LIST tells which process holds what) and logs its own errors.
import type { FastifyBaseLogger as Logger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { RedisConfig } from './config/index.ts';

export type RedisUse = 'jobs' | 'events' | 'events-sub' | 'rate-limit';

/** A rate limit check waits this long for Redis, then lets the request through. */
export const RATE_LIMIT_REDIS_MS = 1_000;

const OPTIONS: Record<RedisUse, RedisOptions> = {
  // BullMQ's Worker blocks on this connection (and its copies): it refuses one that gives up on a command.
  jobs: { maxRetriesPerRequest: null },
  events: {},
  // Its SUBSCRIBEs wait for Redis however long it is away (with ioredis' 20 retries a process started
  // during an outage would never subscribe); once made they are renewed after each reconnect.
  'events-sub': { maxRetriesPerRequest: null },
  // A request never waits on a Redis that is down: no queue while disconnected, 1 s for an answer.
  'rate-limit': { enableOfflineQueue: false, commandTimeout: RATE_LIMIT_REDIS_MS },
};

export function redisClient(redis: RedisConfig, use: RedisUse, log: Logger): Redis {
  const client = new Redis(redis.url, { ...OPTIONS[use], connectionName: `${redis.prefix}:${use}` });
  logErrors(client, log, use);
  return client;
}

/** Logs a connection's errors, once per kind of failure (a Redis that is down fails every retry). */
function logErrors(client: Redis, log: Logger, use: RedisUse): void {
  let last = '';
  client.on('error', (err: Error) => {
    if (err.message === last) return;
    last = err.message;
    log.warn({ err }, `redis (${use}): connection problem, retrying`);
  });
  client.on('ready', () => {
    if (last) log.info(`redis (${use}): connected again`);
    last = '';
  });
}

/** QUIT after the replies still due; when not connected, at once (a QUIT queued offline waits for Redis). */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status !== 'ready') return client.disconnect();
  await client.quit().catch(() => client.disconnect());
}

/** Resolves once connected, or at the first failure, or after `ms`: whichever comes first. */
export async function firstConnection(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done).once('error', done);
  });
}
