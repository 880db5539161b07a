// Redis for tests: 127.0.0.1:6379 (TEST_REDIS_URL to override); every test uses its own key prefix
// and removes its keys, so parallel runs and other users of this Redis are left alone.
import { randomBytes } from 'node:crypto';
import { RedisClient } from '../../../server/src/redis/client.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A prefix no other test uses. */
export const testPrefix = (what: string): string => `test-${what}-${randomBytes(6).toString('hex')}`;

/** Deletes every key under `prefix`. */
export async function dropKeys(prefix: string): Promise<void> {
  const client = new RedisClient(TEST_REDIS_URL);
  try {
    for await (const keys of client.scanStream({ match: `${prefix}:*`, count: 1000 })) {
      if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
    }
  } finally {
    await client.quit();
  }
}

/** Kills the server side of the connection named `name` (as a network cut would). */
export async function killConnection(name: string): Promise<void> {
  const admin = new RedisClient(TEST_REDIS_URL);
  try {
    const line = (await admin.clientList()).split('\n').find((l) => l.includes(` name=${name} `));
    const id = line && /\bid=(\d+)/.exec(line)?.[1];
    if (!id) throw new Error(`no Redis connection named ${name}`);
    await admin.command(['CLIENT', 'KILL', 'ID', id]);
  } finally {
    await admin.quit();
  }
}
