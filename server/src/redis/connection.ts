// One connection to Redis: connects at once, sends commands in order and matches replies in order,
// holds commands made while (re)connecting until it is ready, and reconnects with backoff after a
// lost connection (commands in flight then fail with 'Connection is closed.', as ioredis says it).
// In subscriber mode, pushed messages are 'message' events.
import { EventEmitter } from 'node:events';
import net from 'node:net';
import tls from 'node:tls';
import { encode, ReplyError, ReplyParser, type Arg, type Reply } from './resp.ts';

export const CLOSED = 'Connection is closed.';
const RECONNECT_MAX_MS = 2_000;

export interface RedisTarget {
  host: string;
  port: number;
  tls: boolean;
  username?: string;
  password?: string;
  db: number;
}

/** redis://[user[:password]@]host[:port][/db] or rediss:// for TLS. */
export function parseRedisUrl(url: string): RedisTarget {
  if (!URL.canParse(url)) throw new Error('not a URL');
  const u = new URL(url);
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') throw new Error(`${u.protocol} is not redis: or rediss:`);
  const db = Number(u.pathname.replace(/^\//, '') || '0');
  if (!Number.isInteger(db) || db < 0) throw new Error('the database number after / must be a whole number');
  return {
    host: u.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(u.port || 6379),
    tls: u.protocol === 'rediss:',
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db,
  };
}

interface Waiter {
  resolve(reply: Reply): void;
  reject(err: Error): void;
  blocking: boolean;
}

export interface ConnectionOptions {
  /** CLIENT SETNAME on every (re)connect. */
  connectionName?: string;
  /** A command not answered in this time fails (unset: it waits, also through reconnects, as BullMQ wants). */
  commandTimeoutMs?: number;
}

export class RespConnection extends EventEmitter {
  /** ioredis' words, which BullMQ reads (and writes: 'end' once it closed us): wait, connecting, connect, ready, reconnecting, end. */
  status = 'wait';
  protected readonly target: RedisTarget;
  private socket: net.Socket | undefined;
  private inFlight: Waiter[] = [];
  private held: { args: Arg[]; waiter: Waiter }[] = [];
  private ending = false;
  private retries = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly channels = new Set<string>();

  constructor(readonly url: string, readonly connectionOptions: ConnectionOptions = {}) {
    super();
    this.target = parseRedisUrl(url);
    this.connect().catch(() => undefined);
  }

  /** Resolves once ready; opens the connection when it is not open or opening. */
  connect(): Promise<void> {
    if (this.status === 'ready') return Promise.resolve();
    const ready = new Promise<void>((resolve, reject) => {
      const onReady = () => {
        this.off('end', onEnd);
        resolve();
      };
      const onEnd = () => {
        this.off('ready', onReady);
        reject(new Error(CLOSED));
      };
      this.once('ready', onReady);
      this.once('end', onEnd);
    });
    if (this.status === 'wait' || this.status === 'end') {
      this.ending = false;
      this.open();
    }
    return ready;
  }

  /** Sends one command (held until the connection is ready). */
  command(args: Arg[], blocking = false): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const limit = this.connectionOptions.commandTimeoutMs;
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        resolve: (reply) => (clearTimeout(timer), resolve(reply)),
        reject: (err) => (clearTimeout(timer), reject(err)),
        blocking,
      };
      if (this.status === 'end' || this.ending) return reject(new Error(CLOSED));
      if (this.status !== 'ready') this.held.push({ args, waiter });
      else this.write(args, waiter);
      if (limit !== undefined && !blocking) {
        timer = setTimeout(() => {
          // A held command is dropped; one in flight keeps its place, and its late reply goes nowhere.
          this.held = this.held.filter((h) => h.waiter !== waiter);
          waiter.resolve = () => undefined;
          waiter.reject = () => undefined;
          reject(new Error(`Redis did not answer ${String(args[0])} within ${limit} ms`));
        }, limit);
      }
    });
  }

  /** Subscriber mode: 'message' (channel, text) events from here on, renewed after a reconnect. */
  async subscribe(channel: string): Promise<void> {
    this.channels.add(channel);
    await this.command(['SUBSCRIBE', channel]);
  }

  /** Closes now; with `reconnect`, drops the socket and opens a new one. */
  disconnect(reconnect = false): void {
    clearTimeout(this.retryTimer);
    if (reconnect) {
      this.socket?.destroy();
      return;
    }
    this.ending = true;
    if (this.socket) this.socket.destroy();
    else this.ended();
  }

  /** QUIT after the commands in flight (at once when one of them blocks). */
  async quit(): Promise<string> {
    if (this.status === 'end') return 'OK';
    if (this.status !== 'ready' || this.inFlight.some((w) => w.blocking)) {
      const closed = new Promise((resolve) => this.once('end', resolve));
      this.disconnect();
      await closed;
      return 'OK';
    }
    const closed = new Promise((resolve) => this.once('end', resolve));
    const reply = this.command(['QUIT']).catch(() => 'OK');
    this.ending = true;
    await Promise.all([reply, closed]);
    return 'OK';
  }

  private open(): void {
    this.status = 'connecting';
    const { host, port } = this.target;
    const socket = this.target.tls ? tls.connect({ host, port, servername: net.isIP(host) ? undefined : host }) : net.connect({ host, port });
    this.socket = socket;
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 30_000);
    const parser = new ReplyParser((reply) => this.onReply(reply));
    socket.once(this.target.tls ? 'secureConnect' : 'connect', () => void this.handshake(socket));
    socket.on('data', (chunk: Buffer) => {
      try {
        parser.feed(chunk);
      } catch (err) {
        this.fail(err as Error);
        socket.destroy();
      }
    });
    socket.on('error', (err) => this.fail(err));
    socket.once('close', () => this.onClose(socket));
  }

  private async handshake(socket: net.Socket): Promise<void> {
    this.status = 'connect';
    const { username, password, db } = this.target;
    const hello: Arg[][] = [];
    if (password !== undefined) hello.push(username ? ['AUTH', username, password] : ['AUTH', password]);
    if (db !== 0) hello.push(['SELECT', db]);
    if (this.connectionOptions.connectionName) hello.push(['CLIENT', 'SETNAME', this.connectionOptions.connectionName]);
    for (const channel of this.channels) hello.push(['SUBSCRIBE', channel]);
    try {
      for (const args of hello) await new Promise<Reply>((resolve, reject) => this.write(args, { resolve, reject, blocking: false }));
    } catch (err) {
      this.fail(err as Error);
      socket.destroy();
      return;
    }
    if (socket !== this.socket) return;
    this.status = 'ready';
    this.retries = 0;
    this.emit('connect');
    this.emit('ready');
    for (const { args, waiter } of this.held.splice(0)) this.write(args, waiter);
  }

  private write(args: Arg[], waiter: Waiter): void {
    this.inFlight.push(waiter);
    this.socket?.write(encode(args));
  }

  private onReply(reply: Reply): void {
    if (this.channels.size > 0 && Array.isArray(reply) && reply[0] === 'message') {
      this.emit('message', reply[1], reply[2]);
      return;
    }
    const waiter = this.inFlight.shift();
    if (!waiter) return;
    if (reply instanceof ReplyError) waiter.reject(reply);
    else waiter.resolve(reply);
  }

  private onClose(socket: net.Socket): void {
    if (socket !== this.socket) return;
    this.socket = undefined;
    for (const waiter of this.inFlight.splice(0)) waiter.reject(new Error(CLOSED));
    this.emit('close');
    if (this.ending || this.status === 'end') {
      this.ended();
      return;
    }
    this.status = 'reconnecting';
    this.emit('reconnecting');
    const delay = Math.min(50 * 2 ** this.retries, RECONNECT_MAX_MS);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  private ended(): void {
    this.status = 'end';
    for (const { waiter } of this.held.splice(0)) waiter.reject(new Error(CLOSED));
    this.emit('end');
  }

  /** 'error' only reaches listeners (an EventEmitter without one would throw). */
  private fail(err: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', err);
  }
}
