// The one way the server fetches a URL a user gave it (SSRF guard): http(s) only, no credentials,
// every address the name resolves to checked (site/ip.ts isForbiddenFetchAddress), the connection
// pinned to the checked address (a second DNS answer cannot swap it: rebinding), each redirect
// checked again, and the size and the time capped. FETCH_ALLOW_HOSTS lets tests reach 127.0.0.1.
import { lookup as dnsLookup } from 'node:dns/promises';
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isForbiddenFetchAddress } from '../site/ip.ts';

/** The address is not one we may reach (private, loopback, metadata, a scheme we do not fetch). */
export class FetchRefusedError extends Error {
  override name = 'FetchRefusedError';
}

/** The fetch itself failed: network, status, size, time. */
export class FetchFailedError extends Error {
  override name = 'FetchFailedError';
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  /** host or host:port (lower case) reachable although private (tests). */
  allowHosts: readonly string[];
  maxBytes: number;
  timeoutMs: number;
  accept?: string;
  signal?: AbortSignal;
  maxRedirects?: number;
  /** DNS (tests answer private addresses with it). */
  resolve?: Resolve;
}

export interface FetchedHead {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string | null;
}

const defaultResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** The address to connect to for `url`, after checking every address its name resolves to. */
async function checkedAddress(url: URL, options: SafeFetchOptions): Promise<{ address: string; family: 4 | 6 }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('Only http and https links can be fetched.');
  if (url.username || url.password) throw new FetchRefusedError('Links with a user name or password are not fetched.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = options.allowHosts.includes(host) || options.allowHosts.includes(`${host}:${port}`);
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await (options.resolve ?? defaultResolve)(host).catch(() => []);
  if (addresses.length === 0) throw new FetchFailedError('The link could not be fetched.');
  if (!allowed && addresses.some((a) => isForbiddenFetchAddress(a.address))) throw new FetchRefusedError('The link points to a private address.');
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** What a request sends beyond a GET (webhook deliveries POST a body). */
interface Outgoing {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** One request to a checked, pinned address; resolves with the response (not yet read). */
function request(url: URL, pinned: { address: string; family: 4 | 6 }, outgoing: Outgoing, signal: AbortSignal): Promise<http.IncomingMessage> {
  const lookup: LookupFunction = (_host, opts, callback) => {
    if (opts.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: outgoing.method, lookup, signal, headers: outgoing.headers });
    req.once('response', resolve);
    req.once('error', reject);
    req.end(outgoing.body);
  });
}

const getOf = (options: SafeFetchOptions): Outgoing => ({
  method: 'GET',
  headers: { accept: options.accept ?? '*/*', 'user-agent': 'PersonaStudio/1.0 (+media fetch)', 'accept-encoding': 'identity' },
});

/** Follows redirects (each checked) to a 2xx answer; the caller reads its body under the size cap. */
async function open(rawUrl: string, options: SafeFetchOptions, signal: AbortSignal): Promise<{ head: FetchedHead; body: http.IncomingMessage }> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefusedError('This is not a valid link.');
  }
  const maxRedirects = options.maxRedirects ?? 3;
  for (let hop = 0; ; hop += 1) {
    const pinned = await checkedAddress(url, options);
    let res: http.IncomingMessage;
    try {
      res = await request(url, pinned, getOf(options), signal);
    } catch (err) {
      if (signal.aborted) throw new FetchFailedError('The link took too long to answer.');
      throw new FetchFailedError('The link could not be fetched.', { cause: err });
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      if (hop >= maxRedirects) throw new FetchFailedError('The link redirects too many times.');
      url = new URL(res.headers.location, url);
      continue;
    }
    if (status < 200 || status > 299) {
      res.resume();
      throw new FetchFailedError(`The link answered ${status}.`);
    }
    const length = Number(res.headers['content-length']);
    if (Number.isFinite(length) && length > options.maxBytes) {
      res.destroy();
      throw new FetchFailedError('The linked file is too large.');
    }
    return { head: { url: url.href, status, contentType: res.headers['content-type'] ?? null }, body: res };
  }
}

/** Counts bytes through the pipe and stops at the cap. */
function capped(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new FetchFailedError('The linked file is too large.'));
      else callback(null, chunk);
    },
  });
}

async function guarded<T>(rawUrl: string, options: SafeFetchOptions, read: (head: FetchedHead, body: http.IncomingMessage) => Promise<T>): Promise<T> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  try {
    const { head, body } = await open(rawUrl, options, signal);
    return await read(head, body);
  } catch (err) {
    if (err instanceof FetchRefusedError || err instanceof FetchFailedError) throw err;
    if (signal.aborted) throw new FetchFailedError('The link took too long to answer.');
    throw new FetchFailedError('The link could not be fetched.', { cause: err });
  }
}

/** The whole answer in memory (pages, small files). */
export function safeFetch(url: string, options: SafeFetchOptions): Promise<FetchedHead & { body: Buffer }> {
  return guarded(url, options, async (head, body) => {
    const chunks: Buffer[] = [];
    await pipeline(body, capped(options.maxBytes), async function* (source) {
      for await (const chunk of source) chunks.push(chunk as Buffer);
    });
    return { ...head, body: Buffer.concat(chunks) };
  });
}

/** The answer streamed into `file` (media). */
export function safeDownload(url: string, file: string, options: SafeFetchOptions): Promise<FetchedHead & { bytes: number }> {
  return guarded(url, options, async (head, body) => {
    let bytes = 0;
    const count = new Transform({
      transform(chunk: Buffer, _enc, callback) {
        bytes += chunk.length;
        callback(null, chunk);
      },
    });
    await pipeline(body, capped(options.maxBytes), count, createWriteStream(file));
    return { ...head, bytes };
  });
}

/** Throws FetchRefusedError unless `rawUrl` is an http(s) URL whose every address we may reach (checked when an endpoint is saved). */
export async function checkFetchUrl(rawUrl: string, options: Pick<SafeFetchOptions, 'allowHosts' | 'resolve'>): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefusedError('This is not a valid link.');
  }
  await checkedAddress(url, { ...options, maxBytes: 0, timeoutMs: 0 });
}

/**
 * POSTs `body` to `rawUrl` through the same guard (checked again each time: DNS may have changed),
 * following no redirect; resolves with the status whatever it is (the caller judges it), the
 * answer's body read and dropped up to maxBytes.
 */
export async function safePost(rawUrl: string, body: string, headers: Record<string, string>, options: SafeFetchOptions): Promise<{ status: number }> {
  const signal = AbortSignal.any([AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])]);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new FetchRefusedError('This is not a valid link.');
  }
  const pinned = await checkedAddress(url, options);
  try {
    const res = await request(url, pinned, { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, body }, signal);
    await pipeline(res, capped(options.maxBytes), async function* (source) {
      for await (const _chunk of source) void _chunk;
    }).catch(() => undefined);
    return { status: res.statusCode ?? 0 };
  } catch (err) {
    if (signal.aborted) throw new FetchFailedError('The endpoint took too long to answer.');
    throw new FetchFailedError('The endpoint could not be reached.', { cause: err });
  }
}
