// Redis for tests: 127.0.0.1:6379 (TEST_REDIS_URL to override); every test uses its own key prefix
// and removes its keys, so parallel runs and other users of this Redis are left alone.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test uses. */
export const testPrefix = (what: string): string => `test-${what}-${randomBytes(6).toString('hex')}`;

/** A connection to the test Redis (BullMQ's options), for the test to quit. */
export const testRedis = (): Redis => new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });

/** Deletes every key under `prefix`. */
export async function dropKeys(prefix: string): Promise<void> {
  const client = testRedis();
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
    }
  } finally {
    await client.quit();
  }
}
