// Our Redis client against the real Redis at 127.0.0.1:6379: ioredis' reply shapes for the commands
// BullMQ uses, scripts (EVAL first, EVALSHA after), transactions and pipelines, pub/sub, a killed
// connection (reconnects, commands resume), and the command time-out the rate limiter relies on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RedisClient } from '../../server/src/redis/client.ts';
import { parseRedisUrl } from '../../server/src/redis/connection.ts';
import { until } from './support/until.ts';
import { dropKeys, killConnection, TEST_REDIS_URL, testPrefix } from './support/redis.ts';

describe('Redis client', () => {
  let prefix: string;
  const clients: RedisClient[] = [];
  const client = (options = {}) => {
    const c = new RedisClient(TEST_REDIS_URL, options);
    clients.push(c);
    return c;
  };
  beforeEach(() => {
    prefix = testPrefix('client');
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((x) => x.quit()));
    await dropKeys(prefix);
  });

  it('answers as ioredis does: hashes as objects, nil as null, integers as numbers, binary arguments kept', async () => {
    const c = client();
    expect(await c.hset(`${prefix}:h`, { a: 1, b: 'two' })).toBe(2);
    expect(await c.hgetall(`${prefix}:h`)).toEqual({ a: '1', b: 'two' });
    expect(await c.hmget(`${prefix}:h`, 'a', 'missing')).toEqual(['1', null]);
    expect(await c.get(`${prefix}:none`)).toBeNull();
    expect(await c.set(`${prefix}:t`, 7, { PX: 10_000 })).toBe('OK');
    expect(await c.command(['SET', `${prefix}:s`, Buffer.from([0xe2, 0x82, 0xac])])).toBe('OK');
    expect(await c.get(`${prefix}:s`)).toBe('€');
    expect(await c.command(['ZADD', `${prefix}:z`, 2, 'b', 1, 'a'])).toBe(2);
    expect(await c.zrange(`${prefix}:z`, 0, -1, { WITHSCORES: true })).toEqual(['a', '1', 'b', '2']);
    expect(await c.bzpopmin(`${prefix}:z`, 1)).toEqual([`${prefix}:z`, 'a', '1']);
    const [cursor, keys] = await c.scan('0', { MATCH: `${prefix}:*`, COUNT: 1000 });
    expect(typeof cursor).toBe('string');
    expect(keys.length).toBeGreaterThan(0);
    const streamed: string[] = [];
    for await (const batch of c.scanStream({ match: `${prefix}:*`, count: 1000 })) streamed.push(...(batch as string[]));
    expect(streamed.sort()).toEqual([`${prefix}:h`, `${prefix}:s`, `${prefix}:t`, `${prefix}:z`]);
  });

  it('runs scripts as commands (promise or callback), in transactions and in pipelines', async () => {
    const c = client();
    // A script this Redis has never seen: the first call falls back from EVALSHA to EVAL.
    c.defineCommand('bump', { numberOfKeys: 1, lua: `-- ${prefix}\nreturn redis.call('INCRBY', KEYS[1], ARGV[1])` });
    expect(await c.runCommand('bump', [`${prefix}:n`, 2])).toBe(2);
    const viaCallback = await new Promise((resolve, reject) =>
      (c as unknown as Record<string, (...a: unknown[]) => void>).bump(`${prefix}:n`, 3, (err: Error | null, v: unknown) => (err ? reject(err) : resolve(v))),
    );
    expect(viaCallback).toBe(5);
    const tx = await c.multi().runCommand('bump', [`${prefix}:n`, 1]).hset(`${prefix}:h`, { x: 'y' }).hgetall(`${prefix}:h`).exec();
    expect(tx).toEqual([[null, 6], [null, 1], [null, { x: 'y' }]]);
    const piped = await c.pipeline().runCommand('bump', [`${prefix}:n`, 1]).llen(`${prefix}:h`).exec();
    expect(piped?.[0]).toEqual([null, 7]);
    expect(piped?.[1]?.[0]?.message).toMatch(/^WRONGTYPE/);
    // A copy knows the scripts too.
    expect(await c.duplicate().runCommand('bump', [`${prefix}:n`, 1])).toBe(8);
  });

  it('delivers published messages; after its connection is killed a client reconnects, subscriptions included', async () => {
    const subscriber = client({ connectionName: `${prefix}-sub` });
    const publisher = client({ connectionName: `${prefix}-pub` });
    const got: string[] = [];
    subscriber.on('message', (channel: string, text: string) => got.push(`${channel}=${text}`));
    await subscriber.subscribe(`${prefix}:ch`);
    await publisher.publish(`${prefix}:ch`, 'one');
    await until(() => got.length === 1);

    await killConnection(`${prefix}-sub`);
    await killConnection(`${prefix}-pub`);
    // Both come back on their own; the subscription is renewed.
    await until(async () => (await publisher.publish(`${prefix}:ch`, 'two').catch(() => 0)) === 1);
    await until(() => got.includes(`${prefix}:ch=two`));
    expect(got[0]).toBe(`${prefix}:ch=one`);
  });

  it('with a time-out, a command fails instead of waiting for a Redis that is not there; the URL is read like ioredis reads it', async () => {
    const nowhere = new RedisClient('redis://127.0.0.1:9/0', { commandTimeoutMs: 200 });
    nowhere.on('error', () => undefined);
    await expect(nowhere.get('x')).rejects.toThrow(/did not answer GET within 200 ms/);
    nowhere.disconnect();
    expect(nowhere.status).toBe('end');
    expect(parseRedisUrl('rediss://user:p%40ss@cache.example:6380/2')).toEqual({ host: 'cache.example', port: 6380, tls: true, username: 'user', password: 'p@ss', db: 2 });
  });
});
