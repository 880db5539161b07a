// A Redis client for BullMQ and @fastify/rate-limit. BullMQ 6 leaves the driver to the application
// (ioredis is an optional peer we do not install) and accepts any client implementing its
// IRedisClient: these are the commands it uses, with ioredis' reply shapes. Lua scripts registered
// with defineCommand also become methods taking an optional node-style callback, as ioredis does
// (the rate limiter's Redis store calls them that way).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { IRedisClient, IRedisTransaction } from 'bullmq';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { RespConnection, type ConnectionOptions } from './connection.ts';
import { ReplyError, type Arg, type Reply } from './resp.ts';

interface Script {
  sha: string;
  lua: string;
  keys: number;
}

type Callback = (err: Error | null, result?: unknown) => void;

const asArg = (a: unknown): Arg => (Buffer.isBuffer(a) ? a : a === undefined || a === null ? '' : typeof a === 'number' ? a : String(a));
/** BullMQ passes script arguments either spread or as one array. */
const scriptArgs = (args: unknown[]): unknown[] => (args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args);
const pairsToObject = (flat: unknown): Record<string, string> => {
  const list = (flat ?? []) as string[];
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]!] = list[i + 1]!;
  return out;
};
const withScores = (options?: { WITHSCORES?: boolean }): Arg[] => (options?.WITHSCORES ? ['WITHSCORES'] : []);

export class RedisClient extends RespConnection implements IRedisClient {
  readonly isCluster = false;
  // BullMQ refuses a blocking connection whose options retry per request.
  options: Record<string, unknown> = { maxRetriesPerRequest: null };
  private readonly scripts = new Map<string, Script>();

  constructor(url: string, options: ConnectionOptions = {}) {
    super(url, options);
  }

  duplicate(options?: { connectionName?: string }): RedisClient {
    const copy = new RedisClient(this.url, { connectionName: options?.connectionName });
    for (const [name, script] of this.scripts) copy.defineCommand(name, { numberOfKeys: script.keys, lua: script.lua });
    return copy;
  }

  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void {
    const sha = createHash('sha1').update(definition.lua).digest('hex');
    this.scripts.set(name, { sha, lua: definition.lua, keys: definition.numberOfKeys });
    (this as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      const callback = typeof args.at(-1) === 'function' ? (args.pop() as Callback) : null;
      const result = this.runCommand(name, args);
      if (!callback) return result;
      result.then((value) => callback(null, value), (err: Error) => callback(err));
      return undefined;
    };
  }

  /** EVALSHA, and EVAL once when the server does not know the script yet (it then caches it). */
  async runCommand(name: string, args: unknown[]): Promise<unknown> {
    const script = this.scripts.get(name);
    if (!script) throw new Error(`unknown Redis script ${name}`);
    const argv = scriptArgs(args).map(asArg);
    try {
      return await this.command(['EVALSHA', script.sha, script.keys, ...argv]);
    } catch (err) {
      if (!(err instanceof ReplyError) || !err.message.startsWith('NOSCRIPT')) throw err;
      return this.command(['EVAL', script.lua, script.keys, ...argv]);
    }
  }

  multi(): IRedisTransaction {
    return new Batch(this, true);
  }

  pipeline(): IRedisTransaction {
    return new Batch(this, false);
  }

  /** The script's EVAL/EVALSHA arguments for a batch: EVAL the first time, EVALSHA once loaded. */
  scriptCall(name: string, args: unknown[], loaded: Set<string>): Arg[] {
    const script = this.scripts.get(name);
    if (!script) throw new Error(`unknown Redis script ${name}`);
    const argv = scriptArgs(args).map(asArg);
    if (loaded.has(script.sha)) return ['EVALSHA', script.sha, script.keys, ...argv];
    loaded.add(script.sha);
    return ['EVAL', script.lua, script.keys, ...argv];
  }

  async hgetall(key: string) {
    return pairsToObject(await this.command(['HGETALL', key]));
  }
  hget = (key: string, field: string) => this.command(['HGET', key, field]) as Promise<string | null>;
  hmget = (key: string, ...fields: string[]) => this.command(['HMGET', key, ...fields]) as Promise<(string | null)[]>;
  hset = (key: string, data: Record<string, string | number>) => this.command(['HSET', key, ...Object.entries(data).flat()]) as Promise<number>;
  hdel = (key: string, ...fields: string[]) => this.command(['HDEL', key, ...fields]) as Promise<number>;
  hexists = (key: string, field: string) => this.command(['HEXISTS', key, field]) as Promise<number>;
  get = (key: string) => this.command(['GET', key]) as Promise<string | null>;
  set = (key: string, value: string | number, options?: { PX?: number; EX?: number }) =>
    this.command(['SET', key, value, ...(options?.PX != null ? ['PX', options.PX] : options?.EX != null ? ['EX', options.EX] : [])]) as Promise<string | null>;
  del = async (...keys: string[]) => (keys.length === 0 ? 0 : ((await this.command(['DEL', ...keys])) as number));
  zrange = (key: string, start: number, end: number, options?: { WITHSCORES?: boolean }) => this.command(['ZRANGE', key, start, end, ...withScores(options)]) as Promise<string[]>;
  zrevrange = (key: string, start: number, end: number, options?: { WITHSCORES?: boolean }) => this.command(['ZREVRANGE', key, start, end, ...withScores(options)]) as Promise<string[]>;
  zcard = (key: string) => this.command(['ZCARD', key]) as Promise<number>;
  zscore = (key: string, member: string) => this.command(['ZSCORE', key, member]) as Promise<string | null>;
  lrange = (key: string, start: number, end: number) => this.command(['LRANGE', key, start, end]) as Promise<string[]>;
  llen = (key: string) => this.command(['LLEN', key]) as Promise<number>;
  ltrim = (key: string, start: number, end: number) => this.command(['LTRIM', key, start, end]) as Promise<string>;
  lpos = (key: string, value: string) => this.command(['LPOS', key, value]) as Promise<number | null>;
  smembers = (key: string) => this.command(['SMEMBERS', key]) as Promise<string[]>;
  xadd = (key: string, id: string, fields: Record<string, string | number>, options?: { MAXLEN?: number; approximate?: boolean }) =>
    this.command(['XADD', key, ...(options?.MAXLEN != null ? ['MAXLEN', ...(options.approximate === false ? [] : ['~']), options.MAXLEN] : []), id, ...Object.entries(fields).flat()]) as Promise<string>;
  xread = (streams: { key: string; id: string }[], options?: { BLOCK?: number; COUNT?: number }) =>
    this.command(
      ['XREAD', ...(options?.COUNT != null ? ['COUNT', options.COUNT] : []), ...(options?.BLOCK != null ? ['BLOCK', options.BLOCK] : []), 'STREAMS', ...streams.map((s) => s.key), ...streams.map((s) => s.id)],
      options?.BLOCK != null,
    ) as Promise<unknown>;
  xtrim = (key: string, strategy: 'MAXLEN', threshold: number, options?: { approximate?: boolean }) =>
    this.command(['XTRIM', key, strategy, ...(options?.approximate === false ? [] : ['~']), threshold]) as Promise<number>;
  bzpopmin = (key: string, timeout: number) => this.command(['BZPOPMIN', key, timeout], true) as Promise<[string, string, string] | null>;
  info = () => this.command(['INFO']) as Promise<string>;
  clientSetName = (name: string) => this.command(['CLIENT', 'SETNAME', name]);
  clientList = () => this.command(['CLIENT', 'LIST']) as Promise<string>;
  clientInfo = () => this.command(['CLIENT', 'INFO']) as Promise<string>;
  publish = (channel: string, message: string) => this.command(['PUBLISH', channel, message]) as Promise<number>;

  async scan(cursor: string | number, options: { MATCH?: string; COUNT?: number }): Promise<[string, string[]]> {
    const reply = (await this.command(['SCAN', cursor, ...(options.MATCH ? ['MATCH', options.MATCH] : []), ...(options.COUNT ? ['COUNT', options.COUNT] : [])])) as [string, string[]];
    return [String(reply[0]), reply[1]];
  }

  /** SCAN as a stream of key batches (BullMQ's obliterate and clean use it). */
  scanStream(options: { match: string; count?: number }): Readable {
    let cursor = '0';
    let started = false;
    const stream: Readable = new Readable({
      objectMode: true,
      read: () => {
        if (started && cursor === '0') {
          stream.push(null);
          return;
        }
        started = true;
        this.scan(cursor, { MATCH: options.match, COUNT: options.count }).then(
          ([next, keys]) => {
            cursor = next;
            stream.push(keys);
          },
          (err: Error) => stream.destroy(err),
        );
      },
    });
    return stream;
  }
}

/** Logs a connection's errors, once per kind of failure (a Redis that is down fails every retry). */
export function logRedisErrors(client: RespConnection, log: Logger, what: string): void {
  let last = '';
  client.on('error', (err: Error) => {
    if (err.message === last) return;
    last = err.message;
    log.warn({ err }, `redis (${what}): connection problem, retrying`);
  });
  client.on('ready', () => {
    if (last) log.info(`redis (${what}): connected again`);
    last = '';
  });
}

/** MULTI … EXEC (a transaction) or a plain pipeline: commands sent together, answered as [error, value] pairs. */
class Batch implements IRedisTransaction {
  private readonly calls: { args: Arg[]; shape?: (v: unknown) => unknown }[] = [];
  private readonly loaded = new Set<string>();

  constructor(private readonly client: RedisClient, private readonly transaction: boolean) {}

  private add(args: Arg[], shape?: (v: unknown) => unknown): this {
    this.calls.push({ args, shape });
    return this;
  }
  hgetall = (key: string) => this.add(['HGETALL', key], pairsToObject);
  hset = (key: string, data: Record<string, string | number>) => this.add(['HSET', key, ...Object.entries(data).flat()]);
  hscan = (key: string, cursor: string | number, options?: { COUNT?: number }) => this.add(['HSCAN', key, cursor, ...(options?.COUNT != null ? ['COUNT', options.COUNT] : [])]);
  smembers = (key: string) => this.add(['SMEMBERS', key]);
  sscan = (key: string, cursor: string | number, options?: { COUNT?: number }) => this.add(['SSCAN', key, cursor, ...(options?.COUNT != null ? ['COUNT', options.COUNT] : [])]);
  zrange = (key: string, start: number, end: number) => this.add(['ZRANGE', key, start, end]);
  lrange = (key: string, start: number, end: number) => this.add(['LRANGE', key, start, end]);
  llen = (key: string) => this.add(['LLEN', key]);
  del = (...keys: string[]) => (keys.length === 0 ? this : this.add(['DEL', ...keys]));
  runCommand = (name: string, args: unknown[]) => this.add(this.client.scriptCall(name, args, this.loaded));

  async exec(): Promise<[Error | null, unknown][] | null> {
    if (this.calls.length === 0) return [];
    const settle = (p: Promise<Reply>) => p.then((value) => [null, value] as const, (err: Error) => [err, null] as const);
    if (!this.transaction) {
      const replies = await Promise.all(this.calls.map((c) => settle(this.client.command(c.args))));
      return replies.map(([err, value], i) => [err, err ? null : (this.calls[i]!.shape?.(value) ?? value)]);
    }
    const multi = settle(this.client.command(['MULTI']));
    const queued = this.calls.map((c) => settle(this.client.command(c.args)));
    const [failed, exec] = await settle(this.client.command(['EXEC']));
    await Promise.all([multi, ...queued]);
    if (failed) throw failed;
    const results = exec as Reply[] | null;
    if (results === null) return null;
    return results.map((value, i) => (value instanceof ReplyError ? [value, null] : [null, this.calls[i]!.shape?.(value) ?? value]));
  }
}
