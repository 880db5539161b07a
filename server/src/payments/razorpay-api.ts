// Razorpay's REST API over plain fetch: HTTP Basic key_id:key_secret, JSON both ways, one time-out
// per call, and every failure (network, time-out, error answer, malformed JSON) as a
// PaymentProviderError whose message never carries a credential.
import type { PaymentsConfig } from '../config/index.ts';
import { MAX_MESSAGE, networkProblem, redactor } from '../net/provider-http.ts';
import { PaymentProviderError, PROVIDER_TIMEOUT_MS } from './types.ts';

export type RazorpayConfig = NonNullable<PaymentsConfig['razorpay']>;

export interface RazorpayOptions {
  /** Each call gives up after this long (tests shorten it). */
  timeoutMs?: number;
}

/** The subscription entity (times are unix seconds). */
export interface RazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id?: string | null;
  status: string;
  current_start: number | null;
  current_end: number | null;
  start_at?: number | null;
  created_at: number;
  short_url?: string;
  /** Razorpay sends [] for no notes. */
  notes?: Record<string, string> | unknown[];
}

export interface RazorpayInvoice {
  id: string;
  status: string;
  subscription_id?: string | null;
  customer_id?: string | null;
  customer_details?: { email?: string | null; name?: string | null } | null;
  amount_paid?: number | null;
  currency?: string | null;
  paid_at?: number | null;
  payment_id?: string | null;
  created_at?: number;
}

export interface RazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  method?: string | null;
}

export interface RazorpayCollection<T> {
  entity: 'collection';
  count: number;
  items: T[];
}

/** A request as sent: the method and the path below apiUrl, e.g. `GET /subscriptions/sub_1`. */
export type RazorpayCall = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => Promise<T>;


export function razorpayApi(config: RazorpayConfig, options: RazorpayOptions = {}): RazorpayCall {
  const timeoutMs = options.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const basic = Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64');
  const redact = redactor(() => [config.keySecret, config.webhookSecret, basic]);
  const base = config.apiUrl.replace(/\/+$/, '');

  return async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const label = `${method} ${path.split('?')[0]}`;
    // Redacted before it is cut short: a secret cut in half would no longer be recognised.
    const fail = (message: string, status: number | null = null) => new PaymentProviderError(redact(`Razorpay ${label}: ${message}`).slice(0, MAX_MESSAGE), 'razorpay', status);
    let status: number;
    let text: string;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Basic ${basic}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Covers the answer's body too: a server that stalls mid-answer times out as well.
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (err) {
      throw fail(networkProblem(err, timeoutMs));
    }
    if (status < 200 || status > 299) throw fail(`failed with ${status}${errorDetail(text)}`, status);
    try {
      return JSON.parse(text) as T;
    } catch {
      throw fail(`answered ${status} with malformed JSON`, status);
    }
  };
}

/** Razorpay's error answers are {error: {code, description}}. */
function errorDetail(text: string): string {
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; description?: unknown } }).error;
    const parts = [error?.code, error?.description].filter((p): p is string => typeof p === 'string' && p !== '');
    return parts.length > 0 ? ` (${parts.join(': ')})` : '';
  } catch {
    return '';
  }
}
