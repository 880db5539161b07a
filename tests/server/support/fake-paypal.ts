// A stand-in for PayPal's REST API on 127.0.0.1, speaking the documented contract the adapter
// uses: OAuth client-credentials tokens (Basic auth, expires_in), bearer-checked billing
// subscriptions (create with PayPal-Request-Id idempotency, fetch, cancel) and
// verify-webhook-signature. Deliveries are signed like PayPal's (transmission id | time | webhook
// id | CRC32 of the body), with an HMAC key of the fake's own instead of PayPal's certificate; the
// verify endpoint, like PayPal's, checks against its serialisation of the webhook_event it gets.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { crc32 } from 'node:zlib';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** JSON bodies parsed; form bodies as their string. */
  body: unknown;
}

export type FailureMode = 'status500' | 'malformed' | 'hang' | 'stall' | { status: number; body: unknown };

export interface FakePaypalSubscription {
  id: string;
  plan_id: string;
  status: string;
  status_update_time: string;
  custom_id?: string;
  start_time: string;
  create_time: string;
  quantity: string;
  subscriber?: { email_address?: string; payer_id?: string; name?: { given_name?: string; surname?: string } };
  billing_info?: {
    outstanding_balance: { currency_code: string; value: string };
    last_payment?: { amount: { currency_code: string; value: string }; time: string };
    next_billing_time?: string;
    failed_payments_count: number;
  };
  links: { href: string; rel: string; method: string }[];
}

export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

export interface FakePaypal {
  /** The API base, as PAYPAL_API_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The id of the webhook the fake signs deliveries for. */
  webhookId: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakePaypalSubscription>;
  /** Plan ids the fake knows, with their price. */
  plans: Map<string, { value: string; currency: string }>;
  /** Tokens issued so far. */
  readonly tokensIssued: number;
  /** expires_in of the next tokens, in seconds. */
  tokenLifetimeS: number;
  /** Create answers lack the approve link. */
  omitApproveLink: boolean;
  /** Every token issued so far stops working (as if it expired early): calls get 401. */
  revokeTokens(): void;
  /** The next `times` requests (to `path` when given) fail this way. */
  fail(mode: FailureMode, options?: { times?: number; path?: string }): void;
  /** Changes a stored subscription as PayPal would after the buyer or a charge. */
  update(id: string, patch: Partial<FakePaypalSubscription>): FakePaypalSubscription;
  /** The buyer approved and was charged (or, with `trial`, not yet): status ACTIVE with billing_info. */
  activate(id: string, options?: { trial?: boolean; at?: string }): FakePaypalSubscription;
  /** A signed webhook delivery of `body` (an event object, or its exact text). */
  delivery(body: object | string, options?: { secret?: string; webhookId?: string }): WebhookDelivery;
  /** An event envelope of `type` about `resource`. */
  event(type: string, resource: object, options?: { id?: string; createTime?: string }): Record<string, unknown>;
  close(): Promise<void>;
}

const ENDED = ['CANCELLED', 'EXPIRED'];
const upper = (n: number) => randomBytes(n).toString('hex').toUpperCase();

export async function startFakePaypal(): Promise<FakePaypal> {
  const clientId = `AcFAKE${upper(8)}`;
  const clientSecret = `EFAKE${upper(12)}`;
  const webhookId = `WH-${upper(8)}`;
  const signingKey = randomBytes(32).toString('hex');
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakePaypalSubscription>();
  const byRequestId = new Map<string, string>();
  const plans = new Map([['P-BASIC-USD', { value: '24.99', currency: 'USD' }], ['P-PREMIUM-USD', { value: '59.99', currency: 'USD' }]]);
  const liveTokens = new Set<string>();
  const failures: { mode: FailureMode; times: number; path?: string }[] = [];
  const sockets = new Set<Socket>();
  let port = 0;

  const state = { tokensIssued: 0, tokenLifetimeS: 32_400, omitApproveLink: false };
  const send = (res: ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) {
      res.writeHead(status);
      res.end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, name: string, issue: string, description: string) =>
    send(res, status, { name, message: description, debug_id: upper(6).toLowerCase(), details: [{ issue, description }] });

  const signatureOf = (id: string, time: string, hookId: string, body: Buffer | string, secret: string) =>
    createHmac('sha256', secret).update(`${id}|${time}|${hookId}|${crc32(body)}`).digest('base64');

  function failIfAsked(path: string, res: ServerResponse): boolean {
    const failure = failures.find((f) => f.times > 0 && (f.path === undefined || f.path === path));
    if (!failure) return false;
    failure.times -= 1;
    const { mode } = failure;
    if (mode === 'hang') return true;
    if (mode === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id": "I-');
      return true;
    }
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>upstream error</html>');
      return true;
    }
    if (mode === 'status500') apiError(res, 500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR', 'An internal service error has occurred.');
    else send(res, mode.status, mode.body);
    return true;
  }

  function stored(id: string): FakePaypalSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake paypal: no subscription ${id}`);
    return sub;
  }

  function route(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    let body: unknown = rawBody;
    if ((req.headers['content-type'] ?? '').includes('json')) {
      try {
        body = rawBody ? JSON.parse(rawBody) : null;
      } catch {
        body = rawBody;
      }
    }
    requests.push({ method: req.method ?? '', path, headers: req.headers, body });
    if (failIfAsked(path, res)) return;

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return send(res, 401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
      if (new URLSearchParams(rawBody).get('grant_type') !== 'client_credentials') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
      const token = `A21AA${randomBytes(24).toString('base64url')}`;
      liveTokens.add(token);
      state.tokensIssued += 1;
      return send(res, 200, { scope: 'https://uri.paypal.com/services/subscriptions', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: state.tokenLifetimeS, nonce: randomUUID() });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !liveTokens.has(bearer)) {
      return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }
    const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    let match: RegExpExecArray | null;

    if (req.method === 'POST' && path === '/v1/billing/subscriptions') {
      const requestId = req.headers['paypal-request-id'];
      const earlier = typeof requestId === 'string' ? byRequestId.get(requestId) : undefined;
      if (earlier) return send(res, 201, subscriptions.get(earlier));
      const planId = input.plan_id;
      if (typeof planId !== 'string' || !plans.has(planId)) return apiError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
      const startTime = typeof input.start_time === 'string' ? input.start_time : undefined;
      if (startTime !== undefined && !(Date.parse(startTime) > Date.now())) return apiError(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_START_TIME_INVALID', 'Start time must be a future date.');
      const id = `I-${upper(6)}`;
      const created = new Date().toISOString();
      const sub: FakePaypalSubscription = {
        id,
        plan_id: planId,
        status: 'APPROVAL_PENDING',
        status_update_time: created,
        custom_id: typeof input.custom_id === 'string' ? input.custom_id : undefined,
        start_time: startTime ?? created,
        create_time: created,
        quantity: '1',
        subscriber: input.subscriber as FakePaypalSubscription['subscriber'],
        links: [
          ...(state.omitApproveLink ? [] : [{ href: `https://www.sandbox.paypal.com/webapps/billing/subscriptions?ba_token=BA-${upper(8)}`, rel: 'approve', method: 'GET' }]),
          { href: `http://127.0.0.1:${port}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
          { href: `http://127.0.0.1:${port}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
        ],
      };
      subscriptions.set(id, sub);
      if (typeof requestId === 'string') byRequestId.set(requestId, id);
      return send(res, 201, sub);
    }
    if (req.method === 'GET' && (match = /^\/v1\/billing\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(match[1]));
      return sub ? send(res, 200, sub) : apiError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
    }
    if (req.method === 'POST' && (match = /^\/v1\/billing\/subscriptions\/([^/]+)\/cancel$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(match[1]));
      if (!sub) return apiError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Requested resource ID was not found.');
      if (typeof input.reason !== 'string' || input.reason.length === 0 || input.reason.length > 128) {
        return apiError(res, 400, 'INVALID_REQUEST', 'INVALID_STRING_LENGTH', 'The value of a field is either too short or too long.');
      }
      if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') {
        return apiError(res, 422, 'UNPROCESSABLE_ENTITY', 'SUBSCRIPTION_STATUS_INVALID', 'Invalid subscription status for cancel action; subscription status should be active or suspended.');
      }
      Object.assign(sub, { status: 'CANCELLED', status_update_time: new Date().toISOString() });
      if (sub.billing_info) delete sub.billing_info.next_billing_time;
      return send(res, 204);
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
      if (fields.some((f) => typeof input[f] !== 'string') || typeof input.webhook_event !== 'object' || input.webhook_event === null) {
        return apiError(res, 400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'A required field is missing.');
      }
      const f = input as Record<(typeof fields)[number], string>;
      // Like PayPal: the CRC is over the event as this end serialises it, not the bytes we sent.
      const expected = signatureOf(f.transmission_id, f.transmission_time, f.webhook_id, JSON.stringify(input.webhook_event), signingKey);
      const ok = f.webhook_id === webhookId && f.auth_algo === 'SHA256withRSA' && f.transmission_sig === expected;
      return send(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }
    return apiError(res, 404, 'NOT_FOUND', 'INVALID_RESOURCE_ID', 'The requested resource was not found.');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    webhookId,
    requests,
    subscriptions,
    plans,
    get tokensIssued() {
      return state.tokensIssued;
    },
    get tokenLifetimeS() {
      return state.tokenLifetimeS;
    },
    set tokenLifetimeS(value: number) {
      state.tokenLifetimeS = value;
    },
    get omitApproveLink() {
      return state.omitApproveLink;
    },
    set omitApproveLink(value: boolean) {
      state.omitApproveLink = value;
    },
    revokeTokens() {
      liveTokens.clear();
    },
    fail(mode, options = {}) {
      failures.push({ mode, times: options.times ?? 1, path: options.path });
    },
    update(id, patch) {
      return Object.assign(stored(id), patch);
    },
    activate(id, options = {}) {
      const sub = stored(id);
      const at = options.at ?? new Date().toISOString();
      const price = plans.get(sub.plan_id) ?? { value: '0.00', currency: 'USD' };
      const next = new Date(Date.parse(options.trial ? sub.start_time : at) + (options.trial ? 0 : 30 * 24 * 60 * 60 * 1000)).toISOString();
      return Object.assign(sub, {
        status: 'ACTIVE',
        status_update_time: at,
        subscriber: { ...sub.subscriber, payer_id: sub.subscriber?.payer_id ?? `PAYER${upper(4)}` },
        billing_info: {
          outstanding_balance: { currency_code: price.currency, value: '0.0' },
          ...(options.trial ? {} : { last_payment: { amount: { currency_code: price.currency, value: price.value }, time: at } }),
          next_billing_time: next,
          failed_payments_count: 0,
        },
      });
    },
    delivery(body, options = {}) {
      const text = typeof body === 'string' ? body : JSON.stringify(body);
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const sig = signatureOf(transmissionId, time, options.webhookId ?? webhookId, text, options.secret ?? signingKey);
      return {
        rawBody: Buffer.from(text),
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-fake',
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': sig,
          'paypal-transmission-time': time,
        },
      };
    },
    event(type, resource, options = {}) {
      return {
        id: options.id ?? `WH-${upper(4)}-${upper(4)}`,
        event_version: '1.0',
        create_time: options.createTime ?? new Date().toISOString(),
        resource_type: type.startsWith('PAYMENT.SALE') ? 'sale' : 'subscription',
        event_type: type,
        summary: type,
        resource,
      };
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
