// What the remote engines (replicate, comfyui) share over HTTP: one call whose network failure is
// worth a retry, answers sorted by status into retryable and not, and a wait a job's cancel ends.
import { networkProblem } from '../../payments/provider-http.ts';
import { TransientEngineError } from '../types.ts';

export interface RemoteHttp {
  /** Names the service in every message: 'Replicate', 'ComfyUI'. */
  vendor: string;
  fetch: typeof fetch;
  /** Per call. */
  timeoutMs: number;
}

export interface RemoteAnswer {
  status: number;
  ok: boolean;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  data: unknown;
  text: string;
}

/** One request; a connection that fails or times out is a TransientEngineError, `signal`'s abort rethrows its reason. */
export async function remoteRequest(http: RemoteHttp, url: string, init: { method: string; headers?: Record<string, string>; body?: string | FormData }, signal?: AbortSignal): Promise<RemoteAnswer> {
  const timeout = AbortSignal.timeout(http.timeoutMs);
  let status: number;
  let text: string;
  try {
    const res = await http.fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
    status = res.status;
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
  return { status, ok: status >= 200 && status < 300, data, text };
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
