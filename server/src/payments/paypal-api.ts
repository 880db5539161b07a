// PayPal's REST API over plain fetch: an OAuth client-credentials token cached until shortly
// before it expires (one token request shared by concurrent callers; a 401 drops it and retries
// once), one time-out per call, and every failure as a PaymentProviderError whose message never
// carries a credential or token.
import type { PaymentsConfig } from '../config/index.ts';
import { MAX_MESSAGE, networkProblem, redactor } from '../net/provider-http.ts';
import { PaymentProviderError, PROVIDER_TIMEOUT_MS } from './types.ts';

export type PaypalConfig = NonNullable<PaymentsConfig['paypal']>;

export interface PaypalOptions {
  /** Each call gives up after this long (tests shorten it). */
  timeoutMs?: number;
}

/** An answer of any status: the caller decides what an error means. */
export interface PaypalAnswer {
  status: number;
  body: unknown;
}

/** PayPal's error answers: {name, message, debug_id, details: [{issue, description}]}. */
export interface PaypalErrorBody {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

export interface PaypalApi {
  /** Any answer (2xx or not) as {status, body}; throws only for network, time-out and malformed JSON. */
  request(method: 'GET' | 'POST', path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<PaypalAnswer>;
  /** A 2xx answer's body; anything else throws PaymentProviderError. */
  call<T>(method: 'GET' | 'POST', path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<T>;
  /** The PaymentProviderError for a non-2xx answer. */
  errorOf(method: string, path: string, answer: PaypalAnswer): PaymentProviderError;
}

/** Refresh this long before PayPal's expiry (at most a tenth of the token's life). */
const REFRESH_MARGIN_MS = 60_000;

export function paypalApi(config: PaypalConfig, now: () => number, options: PaypalOptions = {}): PaypalApi {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const base = config.apiUrl.replace(/\/+$/, '');
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  let token: { value: string; refreshAt: number } | null = null;
  let tokenRequest: Promise<string> | null = null;

  const redact = redactor(() => [config.clientSecret, basic, token?.value ?? '']);
  // Redacted before it is cut short: a secret cut in half would no longer be recognised.
  const failure = (label: string, message: string, status: number | null = null) =>
    new PaymentProviderError(redact(`PayPal ${label}: ${message}`).slice(0, MAX_MESSAGE), 'paypal', status);

  async function send(method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<PaypalAnswer> {
    const label = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, { method, headers: { accept: 'application/json', ...headers }, body, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw failure(label, networkProblem(err, timeoutMs));
    }
    if (text === '') return { status, body: null };
    try {
      return { status, body: JSON.parse(text) as unknown };
    } catch {
      // An error page that is not JSON is still an error of that status.
      if (status < 200 || status > 299) return { status, body: null };
      throw failure(label, `answered ${status} with malformed JSON`, status);
    }
  }

  async function requestToken(): Promise<string> {
    const path = '/v1/oauth2/token';
    const answer = await send('POST', path, { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    if (answer.status < 200 || answer.status > 299) {
      const body = answer.body as { error?: unknown; error_description?: unknown } | null;
      const detail = [body?.error, body?.error_description].filter((p): p is string => typeof p === 'string').join(': ');
      throw failure(`POST ${path}`, `failed with ${answer.status}${detail ? ` (${detail})` : ''}`, answer.status);
    }
    const body = answer.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number') throw failure(`POST ${path}`, 'answer without access_token or expires_in', answer.status);
    const lifeMs = body.expires_in * 1000;
    token = { value: body.access_token, refreshAt: now() + lifeMs - Math.min(REFRESH_MARGIN_MS, lifeMs / 10) };
    return token.value;
  }

  function accessToken(): Promise<string> {
    if (token && now() < token.refreshAt) return Promise.resolve(token.value);
    tokenRequest ??= requestToken().finally(() => {
      tokenRequest = null;
    });
    return tokenRequest;
  }

  function errorOf(method: string, path: string, answer: PaypalAnswer): PaymentProviderError {
    const body = answer.body as PaypalErrorBody | null;
    const issue = body?.details?.[0];
    const parts = [body?.name, issue?.issue, issue?.description ?? body?.message].filter((p): p is string => typeof p === 'string' && p !== '');
    return failure(`${method} ${path}`, `failed with ${answer.status}${parts.length > 0 ? ` (${parts.join(': ')})` : ''}`, answer.status);
  }

  async function request(method: 'GET' | 'POST', path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<PaypalAnswer> {
    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    for (let attempt = 1; ; attempt += 1) {
      const bearer = await accessToken();
      const headers = { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers };
      const answer = await send(method, path, headers, body);
      // The token expired or was revoked early: forget it (unless a newer one replaced it) and retry once.
      if (answer.status === 401 && attempt === 1) {
        if (token?.value === bearer) token = null;
        continue;
      }
      return answer;
    }
  }

  return {
    request,
    errorOf,
    async call<T>(method: 'GET' | 'POST', path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<T> {
      const answer = await request(method, path, init);
      if (answer.status < 200 || answer.status > 299) throw errorOf(method, path, answer);
      return answer.body as T;
    },
  };
}
