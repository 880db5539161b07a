// The webhook sender of one process: claims due deliveries with a lease (so several processes send
// each once), POSTs each through the SSRF guard (checked again at every attempt: DNS may change),
// and records the outcome: any 2xx succeeded; 410 disables the endpoint; anything else (another
// status, a time-out, a refused or unreachable address) is tried again after the next delay of
// WEBHOOK_RETRY_SCHEDULE, with jitter, until the schedule runs out. The rows are the truth: a
// restart between attempts loses nothing, and a process that dies mid-attempt lets its lease lapse.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { webhooksRepository, type ClaimedDelivery } from '../db/repositories/webhooks.ts';
import { leasedPump, newOwnerId, type LeasedPump } from '../leased-pump.ts';
import { FetchRefusedError, safePost } from '../net/safe-fetch.ts';
import { webhookHeaders } from './signing.ts';
import { isoAt } from '../time.ts';

/** Standard Webhooks: a receiver has this long to answer. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** Longer than an attempt may take, so a lease never lapses while its attempt runs. */
const LEASE_MS = DELIVERY_TIMEOUT_MS + 15_000;
const POLL_MS = 1_000;
const BATCH = 10;
/** Up to this fraction is added to each delay, so a receiver that was down is not hit by every retry at once. */
const JITTER = 0.1;
/** A receiver's answer is read and dropped up to this size. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface SenderOptions {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  retryMs: readonly number[];
  allowHosts: readonly string[];
  /** false (production without WEBHOOK_ALLOW_HTTP): an http:// endpoint is given up, not sent to. */
  allowHttp: boolean;
  /** The endpoint's signing secret from its sealed form (developer/secrets.ts); null when this server cannot read it. */
  openSecret: (sealed: string, endpointId: string) => string | null;
  /** Polls this often (tests go faster); deliveries enqueued in this process wake it at once. */
  pollMs?: number;
  random?: () => number;
}

/** wake() sends what is due now (deliveries enqueued in this process call it); stop() gives back what it still holds. */
export type WebhookSender = LeasedPump;

export function webhookSender(opts: SenderOptions): WebhookSender {
  const { log, now, retryMs } = opts;
  const repo = webhooksRepository(opts.db);
  const owner = newOwnerId();
  const random = opts.random ?? Math.random;

  async function giveUp(d: ClaimedDelivery, error: string, at: number): Promise<void> {
    await repo.settle(d.id, owner, { status: 'failed', attempts: d.attempts, nextAt: d.next_at, responseStatus: d.response_status, error }, isoAt(at));
    if (!d.disabled_at) log.warn({ endpointId: d.endpoint_id, deliveryId: d.id }, `webhook delivery given up: ${error}`);
  }

  async function attempt(d: ClaimedDelivery): Promise<void> {
    const attempts = d.attempts + 1;
    const at = now();
    if (d.disabled_at) return giveUp(d, 'The endpoint is disabled.', at);
    // What no retry can change is given up at once, unsent.
    if (!opts.allowHttp && /^http:/i.test(d.url)) return giveUp(d, 'http:// endpoints are not sent to in production (WEBHOOK_ALLOW_HTTP).', at);
    const secret = opts.openSecret(d.secret, d.endpoint_id);
    if (secret === null) return giveUp(d, "The endpoint's signing secret cannot be read with this server's secret (see JWT_SECRET_PREVIOUS).", at);
    let status: number | null = null;
    let error: string | null = null;
    try {
      ({ status } = await safePost(d.url, d.body, webhookHeaders(secret, d.id, at, d.body), { allowHosts: opts.allowHosts, timeoutMs: DELIVERY_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES }));
      if (status < 200 || status > 299) error = `The endpoint answered ${status}.`;
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      if (!(err instanceof FetchRefusedError)) log.info({ deliveryId: d.id, err }, 'webhook delivery failed');
    }
    const done = now();
    if (error === null) {
      await repo.settle(d.id, owner, { status: 'succeeded', attempts, nextAt: d.next_at, responseStatus: status, error: null }, isoAt(done));
      return;
    }
    if (status === 410) {
      await repo.disableEndpoint(d.endpoint_id, isoAt(done));
      await repo.settle(d.id, owner, { status: 'failed', attempts, nextAt: d.next_at, responseStatus: status, error: 'The endpoint answered 410 Gone: it is disabled.' }, isoAt(done));
      log.info({ endpointId: d.endpoint_id }, 'webhook endpoint answered 410: disabled');
      return;
    }
    const delay = retryMs[attempts - 1];
    const next = delay === undefined ? null : done + Math.round(delay * (1 + JITTER * random()));
    await repo.settle(d.id, owner, { status: next === null ? 'failed' : 'pending', attempts, nextAt: next === null ? d.next_at : isoAt(next), responseStatus: status, error }, isoAt(done));
  }

  // Attempts are not bounded in number: a BATCH at a time while a full batch suggests more.
  return leasedPump({
    claim: (max, { now: at, leaseUntil }) => repo.claim(owner, at, leaseUntil, max),
    run: attempt,
    onError: (err, d) => (d ? log.error({ err, deliveryId: d.id }, 'webhook delivery crashed') : log.error({ err }, 'could not claim webhook deliveries')),
    release: () => repo.release(owner).catch(() => undefined),
    now,
    leaseMs: LEASE_MS,
    pollMs: opts.pollMs ?? POLL_MS,
    concurrency: Infinity,
    batch: BATCH,
  });
}
