// What the remote engines (replicate, comfyui) share over HTTP: one call whose network failure is
// worth a retry, a 429 or 503 with a Retry-After waited out (capped) and asked again, answers
// sorted by status into retryable and not, and a wait a job's cancel ends.
import { networkProblem } from '../../net/provider-http.ts';
import { TransientEngineError } from '../types.ts';

export interface RemoteHttp {
  /** Names the service in every message: 'Replicate', 'ComfyUI'. */
  vendor: string;
  fetch: typeof fetch;
  /** Per call. */
  timeoutMs: number;
  /** 429 and 503 answers carrying Retry-After: waited out (at most maxWaitMs each), at most `attempts` times more. */
  retryAfter?: RetryAfterOptions;
}

export interface RetryAfterOptions {
  /** The longest wait honoured; a longer Retry-After waits this long (a setting a test can lower). */
  maxWaitMs: number;
  attempts: number;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Retry-After in ms: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export interface RemoteAnswer {
  status: number;
  ok: boolean;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  data: unknown;
  text: string;
}

/**
 * One request; a connection that fails or times out is a TransientEngineError, `signal`'s abort
 * rethrows its reason. A 429 or 503 with Retry-After is asked again after that wait (see RemoteHttp).
 */
export async function remoteRequest(http: RemoteHttp, url: string, init: { method: string; headers?: Record<string, string>; body?: string | FormData }, signal?: AbortSignal): Promise<RemoteAnswer> {
  for (let retries = 0; ; retries += 1) {
    const answer = await requestOnce(http, url, init, signal);
    const wait = answer.status === 429 || answer.status === 503 ? retryAfterMs(answer.retryAfter) : null;
    if (wait === null || !http.retryAfter || retries >= http.retryAfter.attempts) return answer;
    await http.retryAfter.sleep(Math.min(wait, http.retryAfter.maxWaitMs), signal ?? new AbortController().signal);
  }
}

async function requestOnce(http: RemoteHttp, url: string, init: { method: string; headers?: Record<string, string>; body?: string | FormData }, signal?: AbortSignal): Promise<RemoteAnswer & { retryAfter: string | null }> {
  const timeout = AbortSignal.timeout(http.timeoutMs);
  let status: number;
  let text: string;
  let retryAfter: string | null;
  try {
    const res = await http.fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    status = res.status;
    retryAfter = res.headers.get('retry-after');
    text = await res.text();
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw new TransientEngineError(`${http.vendor} ${networkProblem(err, http.timeoutMs)}.`);
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  return { status, ok: status >= 200 && status < 300, data, text, retryAfter };
}

/** Busy, rate limited or down: worth another attempt. Anything else is a request we got wrong. */
export function statusError(vendor: string, status: number, detail: string): Error {
  if (status === 429 || status >= 500) return new TransientEngineError(`${vendor} answered ${status}: ${detail}`);
  return new Error(`${vendor} refused the request (${status}): ${detail}`);
}

export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
