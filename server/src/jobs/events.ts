// Job events between processes, over Redis pub/sub: 'cancel' reaches the process running the job at
// once, 'settled' wakes requests waiting for a job in every API process. Best effort by design: a
// lost message costs only time (the runner's heartbeat reads cancels from the table every 2 s at
// most, and waiting requests look at the table every second).
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { RedisConfig } from '../config/index.ts';
import { closeRedis, redisClient } from '../redis.ts';

export type JobEventType = 'cancel' | 'settled';

export interface JobEvents {
  publish(type: JobEventType, jobId: string): void;
  on(type: JobEventType, listener: (jobId: string) => void): void;
  close(): Promise<void>;
}

export function redisJobEvents(redis: RedisConfig, log: Logger): JobEvents {
  const channel = (type: JobEventType) => `${redis.prefix}:jobs:${type}`;
  const publisher = redisClient(redis, 'events', log);
  // A connection that subscribes can send nothing else.
  const subscriber = redisClient(redis, 'events-sub', log);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const types: JobEventType[] = ['cancel', 'settled'];
  subscriber.on('message', (from: string, jobId: string) => {
    const type = types.find((t) => channel(t) === from);
    if (type) local.emit(type, jobId);
  });
  for (const type of types) subscriber.subscribe(channel(type)).catch((err: unknown) => log.warn({ err }, 'redis: could not subscribe to job events'));

  return {
    publish(type, jobId) {
      publisher.publish(channel(type), jobId).catch((err: unknown) => log.warn({ err, jobId }, `redis: could not publish a job ${type}`));
    },
    on: (type, listener) => void local.on(type, listener),
    async close() {
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
