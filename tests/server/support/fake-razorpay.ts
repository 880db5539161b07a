// A stand-in for Razorpay's API on 127.0.0.1, speaking the documented contract the adapter uses
// (Basic auth; subscriptions create/fetch/cancel; invoices of a subscription; payments), keeping
// its books in memory, recording every request, and signing webhook deliveries the way Razorpay
// does (hex HMAC-SHA256 of the raw body). Failure modes: 5xx, custom error answers, malformed
// JSON, a server that never answers, one that stalls mid-answer.
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path below /v1, without the query: `/subscriptions/sub_1`. */
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type FailureMode = 'status500' | 'malformed' | 'hang' | 'stall' | { status: number; body: unknown };

export interface FakeRazorpaySubscription {
  id: string;
  entity: 'subscription';
  plan_id: string;
  customer_id: string | null;
  status: string;
  current_start: number | null;
  current_end: number | null;
  ended_at: number | null;
  quantity: number;
  notes: Record<string, string>;
  charge_at: number | null;
  start_at: number | null;
  end_at: number | null;
  auth_attempts: number;
  total_count: number;
  paid_count: number;
  customer_notify: boolean;
  created_at: number;
  expire_by: number | null;
  short_url: string;
  has_scheduled_changes: boolean;
  change_scheduled_at: number | null;
  remaining_count: number;
}

export interface FakeRazorpayPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  method: string;
  email: string;
  created_at: number;
}

export interface FakeRazorpayInvoice {
  id: string;
  entity: 'invoice';
  status: string;
  subscription_id: string;
  customer_id: string;
  customer_details: { id: string; name: string | null; email: string | null; contact: string | null };
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  payment_id: string | null;
  paid_at: number | null;
  created_at: number;
}

export interface WebhookDelivery {
  rawBody: Buffer;
  headers: Record<string, string>;
}

export interface FakeRazorpay {
  /** The API base, as RAZORPAY_API_URL: `http://127.0.0.1:PORT/v1`. */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeRazorpaySubscription>;
  invoices: FakeRazorpayInvoice[];
  payments: Map<string, FakeRazorpayPayment>;
  /** Plan ids the fake knows, with their amount in paise. */
  plans: Map<string, number>;
  /** The next `times` requests (to `path` below /v1 when given) fail this way. */
  fail(mode: FailureMode, options?: { times?: number; path?: string }): void;
  /** Changes a stored subscription (status, period...) as Razorpay would after the buyer or a charge. */
  update(id: string, patch: Partial<FakeRazorpaySubscription>): FakeRazorpaySubscription;
  /** A captured charge: a paid invoice with its payment; the subscription turns active for a month from `at`. */
  charge(id: string, options?: { method?: string; at?: number; customer?: { name: string | null; email: string | null } }): { invoice: FakeRazorpayInvoice; payment: FakeRazorpayPayment };
  /** A webhook delivery about a stored subscription, signed with the webhook secret (or `secret`). */
  delivery(event: string, subscriptionId: string, options?: { secret?: string; eventId?: string | null; createdAt?: number; payment?: FakeRazorpayPayment }): WebhookDelivery;
  /** Any body, signed like a delivery. */
  sign(body: string, options?: { secret?: string; eventId?: string | null }): WebhookDelivery;
  close(): Promise<void>;
}

const MONTH_S = 30 * 24 * 60 * 60;
const ENDED = ['cancelled', 'completed', 'expired'];
const nowS = () => Math.floor(Date.now() / 1000);
const rid = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;

export async function startFakeRazorpay(): Promise<FakeRazorpay> {
  const keyId = 'rzp_test_FAKEKEY1234';
  const keySecret = `secret_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakeRazorpaySubscription>();
  const invoices: FakeRazorpayInvoice[] = [];
  const payments = new Map<string, FakeRazorpayPayment>();
  const plans = new Map<string, number>([['plan_basic_inr', 199900], ['plan_premium_inr', 499900]]);
  const failures: { mode: FailureMode; times: number; path?: string }[] = [];
  const sockets = new Set<Socket>();

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, description: string) =>
    send(res, status, { error: { code: status === 401 ? 'BAD_REQUEST_ERROR' : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA' } });

  function failIfAsked(path: string, res: ServerResponse): boolean {
    const failure = failures.find((f) => f.times > 0 && (f.path === undefined || f.path === path));
    if (!failure) return false;
    failure.times -= 1;
    const { mode } = failure;
    if (mode === 'hang') return true;
    if (mode === 'stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"id": "sub_');
      return true;
    }
    if (mode === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"id": "sub_123", "status": ');
      return true;
    }
    if (mode === 'status500') error(res, 500, 'The server encountered an error. The incident has been reported to admins.');
    else send(res, mode.status, mode.body);
    return true;
  }

  function route(req: IncomingMessage, res: ServerResponse, rawBody: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1/, '');
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = rawBody;
    }
    requests.push({ method: req.method ?? '', path, query: Object.fromEntries(url.searchParams), headers: req.headers, body });
    if (failIfAsked(path, res)) return;

    const expected = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return error(res, 401, 'The api key provided is invalid');
    if (!url.pathname.startsWith('/v1/')) return error(res, 404, 'The requested URL was not found on the server.');

    const input = (body ?? {}) as Record<string, unknown>;
    let match: RegExpExecArray | null;
    if (req.method === 'POST' && path === '/subscriptions') {
      const planId = input.plan_id;
      if (typeof planId !== 'string' || !plans.has(planId)) return error(res, 400, 'The id provided does not exist');
      if (typeof input.total_count !== 'number' || input.total_count < 1) return error(res, 400, 'The total count field is required.');
      const startAt = typeof input.start_at === 'number' ? input.start_at : null;
      if (startAt !== null && startAt <= nowS()) return error(res, 400, 'Start time should be in the future');
      const sub: FakeRazorpaySubscription = {
        id: rid('sub'),
        entity: 'subscription',
        plan_id: planId,
        customer_id: null,
        status: 'created',
        current_start: null,
        current_end: null,
        ended_at: null,
        quantity: typeof input.quantity === 'number' ? input.quantity : 1,
        notes: (input.notes as Record<string, string>) ?? {},
        charge_at: startAt,
        start_at: startAt,
        end_at: null,
        auth_attempts: 0,
        total_count: input.total_count,
        paid_count: 0,
        customer_notify: input.customer_notify !== 0,
        created_at: nowS(),
        expire_by: null,
        short_url: `https://rzp.io/i/${randomBytes(5).toString('hex')}`,
        has_scheduled_changes: false,
        change_scheduled_at: null,
        remaining_count: input.total_count,
      };
      subscriptions.set(sub.id, sub);
      return send(res, 200, sub);
    }
    if (req.method === 'GET' && (match = /^\/subscriptions\/([^/]+)$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(match[1]));
      return sub ? send(res, 200, sub) : error(res, 400, 'The id provided does not exist');
    }
    if (req.method === 'POST' && (match = /^\/subscriptions\/([^/]+)\/cancel$/.exec(path))) {
      const sub = subscriptions.get(decodeURIComponent(match[1]));
      if (!sub) return error(res, 400, 'The id provided does not exist');
      if (ENDED.includes(sub.status)) return error(res, 400, `Subscription is not cancellable in ${sub.status} status.`);
      if (input.cancel_at_cycle_end === 1 || input.cancel_at_cycle_end === true) {
        Object.assign(sub, { has_scheduled_changes: true, change_scheduled_at: sub.current_end, end_at: sub.current_end });
      } else {
        Object.assign(sub, { status: 'cancelled', ended_at: nowS() });
      }
      return send(res, 200, sub);
    }
    if (req.method === 'GET' && path === '/invoices') {
      const subscriptionId = url.searchParams.get('subscription_id');
      const items = invoices.filter((i) => subscriptionId === null || i.subscription_id === subscriptionId).sort((a, b) => b.created_at - a.created_at);
      return send(res, 200, { entity: 'collection', count: items.length, items });
    }
    if (req.method === 'GET' && (match = /^\/payments\/([^/]+)$/.exec(path))) {
      const payment = payments.get(decodeURIComponent(match[1]));
      return payment ? send(res, 200, payment) : error(res, 400, 'The id provided does not exist');
    }
    return error(res, 404, 'The requested URL was not found on the server.');
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
  const port = typeof address === 'object' && address ? address.port : 0;

  function stored(id: string): FakeRazorpaySubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw new Error(`fake razorpay: no subscription ${id}`);
    return sub;
  }

  function sign(body: string, options: { secret?: string; eventId?: string | null } = {}): WebhookDelivery {
    const rawBody = Buffer.from(body);
    const signature = createHmac('sha256', options.secret ?? webhookSecret).update(rawBody).digest('hex');
    const eventId = options.eventId === undefined ? rid('evt') : options.eventId;
    return {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, ...(eventId === null ? {} : { 'x-razorpay-event-id': eventId }) },
    };
  }

  return {
    url: `http://127.0.0.1:${port}/v1`,
    keyId,
    keySecret,
    webhookSecret,
    requests,
    subscriptions,
    invoices,
    payments,
    plans,
    fail(mode, options = {}) {
      failures.push({ mode, times: options.times ?? 1, path: options.path });
    },
    update(id, patch) {
      return Object.assign(stored(id), patch);
    },
    charge(id, options = {}) {
      const sub = stored(id);
      const at = options.at ?? nowS();
      const amount = (plans.get(sub.plan_id) ?? 0) * sub.quantity;
      const customerId = sub.customer_id ?? rid('cust');
      const customer = options.customer ?? { name: 'Asha Verma', email: 'asha@example.in' };
      const payment: FakeRazorpayPayment = { id: rid('pay'), entity: 'payment', amount, currency: 'INR', status: 'captured', method: options.method ?? 'card', email: customer.email ?? '', created_at: at };
      const invoice: FakeRazorpayInvoice = {
        id: rid('inv'),
        entity: 'invoice',
        status: 'paid',
        subscription_id: sub.id,
        customer_id: customerId,
        customer_details: { id: customerId, name: customer.name, email: customer.email, contact: '+919876543210' },
        amount,
        amount_paid: amount,
        amount_due: 0,
        currency: 'INR',
        payment_id: payment.id,
        paid_at: at,
        created_at: at,
      };
      payments.set(payment.id, payment);
      invoices.push(invoice);
      Object.assign(sub, { status: 'active', customer_id: customerId, current_start: at, current_end: at + MONTH_S, paid_count: sub.paid_count + 1, remaining_count: sub.remaining_count - 1 });
      return { invoice, payment };
    },
    delivery(event, subscriptionId, options = {}) {
      const sub = stored(subscriptionId);
      const payload: Record<string, unknown> = { subscription: { entity: sub } };
      if (options.payment) payload.payment = { entity: options.payment };
      const body = { entity: 'event', account_id: 'acc_FAKE0000000001', event, contains: Object.keys(payload), payload, created_at: options.createdAt ?? nowS() };
      return sign(JSON.stringify(body), options);
    },
    sign,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((r) => server.close(() => r()));
    },
  };
}
