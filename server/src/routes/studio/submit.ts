// What every generation call does (ARCHITECTURE §4). Before the body is read: the shared rate
// limit, the token, the security key, the plan and what is left of the allowance (the gate). Once
// the input is checked: the job through the job service (one per Idempotency-Key and payload, the
// allowance reserved with it), then either 202 + Location (Prefer: respond-async) or the spec's
// response when the job is done. A refused request stores nothing (a multipart call's uploads are
// stored by the upload service, which deletes them again on a refusal).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { assertSameUser, requireUser } from '../../auth/plugin.ts';

import { SUBSCRIPTION_REQUIRED } from '../../billing/entitlements.ts';
import { CAPABILITY_UNAVAILABLE } from '../../../../contract/health.ts';
import { CAPABILITIES, type Capability } from '../../../../contract/capabilities.ts';
import { HttpError } from '../../http-error.ts';
import type { JobInput, JobKind } from '../../jobs/kinds.ts';
import type { ConsentClaim, JobRow } from '../../jobs/service.ts';
import { isoAt } from '../../time.ts';

/**
 * Generation calls and link copies per client address per minute, all together: room for a page
 * replaying its offline queue (replays with an Idempotency-Key are cheap), none for a script
 * hammering the engines or copying media in.
 */
export const GENERATION_RATE_PER_MINUTE = 120;

/** A synchronous call waits this long; then it answers 202 with the job to follow. */
const SYNC_WAIT_MS = 15 * 60_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the studio gate checks before the body is read: the allowance of a job kind, or only an active plan. */
    needs?: JobKind | 'plan';
  }
}

export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key || !IDEMPOTENCY_KEY.test(key)) throw new HttpError(400, 'Idempotency-Key must be 1 to 200 visible ASCII characters.');
  return key;
}

const wantsAsync = (request: FastifyRequest) => /(^|[\s,;])respond-async([\s,;=]|$)/i.test(String(request.headers.prefer ?? ''));

/** The spec's fields of a succeeded job, with its id and engine. */
export function resultOf(job: JobRow): Record<string, string> {
  const result = job.result ? (JSON.parse(job.result) as Record<string, string>) : {};
  return { ...result, job_id: job.id, engine: job.engine ?? 'local' };
}

/** JSON with object keys sorted, so two payloads with the same fields hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the call and its fields (for multipart, files given as the SHA-256 of their bytes). */
export function requestHashOf(request: FastifyRequest, fields: unknown = request.body): string {
  return createHash('sha256').update(canonical({ call: request.routeOptions.url, fields: fields ?? {} })).digest('hex');
}

/**
 * onRequest hooks of every studio route, in order: the generation rate limit (shared by every call
 * that says what it `needs`), the token, the security key, then whether the capability is served
 * (the engine pre-flight), the plan and allowance. The body is
 * not read yet, so a refused upload never reaches the disk. user_id in the body is checked once it
 * is parsed (`sameUserAsBody`). The allowance is checked again, atomically, when the job is made.
 */
export function studioGate(app: FastifyInstance, securityKey: string): onRequestAsyncHookHandler[] {
  const rate = app.rateLimit({ max: GENERATION_RATE_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `generation:${request.ip}` });
  const { entitlements } = app.billing;
  return [
    async (request, reply) => {
      if (request.routeOptions.config.needs) await rate.call(app, request, reply);
    },
    app.authenticate,
    async (request) => {
      // The header marks our page; a personal API key is not the page and does not carry it.
      if (request.user?.apiKeyId) return;
      if (request.headers['security-key'] !== securityKey) throw new HttpError(403, 'Invalid security key.');
    },
    async (request) => {
      const { needs } = request.routeOptions.config;
      if (!needs) return;
      if (needs !== 'plan') servedEngine(app, needs);
      const { id } = requireUser(request);
      const now = isoAt(app.now());
      if (needs === 'plan') {
        if (!(await entitlements.current(id, now))) throw new HttpError(403, SUBSCRIPTION_REQUIRED);
        return;
      }
      // A replay is answered with its job whatever is left of the allowance now.
      if (await app.jobs.service.keyUsed(id, idempotencyKeyOf(request))) return;
      await entitlements.assertMayStart(id, needs, now);
    },
  ];
}

/** The engine that serves `capability`, or a 503 when the engine pre-flight refused it (nothing is stored or reserved). */
export function servedEngine(app: FastifyInstance, capability: Capability): string {
  if (app.jobs.engines.unavailable(capability)) throw new HttpError(503, CAPABILITY_UNAVAILABLE);
  return app.jobs.engines.for(capability).engine;
}

/** preHandler: a user_id in the parsed body must be the token's user. */
export async function sameUserAsBody(request: FastifyRequest): Promise<void> {
  const body = request.body as { user_id?: unknown } | null | undefined;
  if (body && typeof body === 'object') assertSameUser(request, body.user_id);
}

/** What a JSON call's job needs besides its input (its request hash is the parsed body's). */
export interface SubmitOptions {
  /** The user's link copies the job reads (made before this request: a refusal keeps them). */
  files?: readonly string[];
  /** Consent given for outside media of a person: recorded (or the link copy's carried on) with the job. */
  consents?: readonly ConsentClaim[];
  /** The user's character the call named (issue 44): the job and its gallery items record it. */
  characterId?: string | null;
}

export function submitter(app: FastifyInstance) {
  async function submit(request: FastifyRequest, reply: FastifyReply, input: JobInput, options: SubmitOptions = {}) {
    const user = requireUser(request);
    const made = await app.jobs.service.create({
      userId: user.id, input, engine: servedEngine(app, input.kind), idempotencyKey: idempotencyKeyOf(request),
      requestHash: requestHashOf(request), files: options.files ?? [], consents: options.consents, characterId: options.characterId ?? null, now: isoAt(app.now()),
    });
    return answerMade(request, reply, made);
  }

  /** The answer for a job the service made (logged) or found by the request's Idempotency-Key. */
  function answerMade(request: FastifyRequest, reply: FastifyReply, made: { job: JobRow; created: boolean }) {
    if (made.created) request.log.info({ jobId: made.job.id, kind: made.job.kind }, 'job queued');
    return answer(request, reply, made.job);
  }

  /** 202 + Location, or the spec's response once the job is done (or 202 when it takes too long). */
  async function answer(request: FastifyRequest, reply: FastifyReply, job: JobRow) {
    if (wantsAsync(request)) return accepted(reply, job);
    const aborted = new AbortController();
    request.raw.once('close', () => aborted.abort());
    const done = (await app.jobs.waitFor(job.id, SYNC_WAIT_MS, aborted.signal)) ?? job;
    if (done.status === 'succeeded') return reply.code(200).send(resultOf(done));
    if (done.status === 'failed') {
      const failure = CAPABILITIES[job.kind as JobKind].messages.failure;
      // The kind's own message is for failures on our side; any other names what is wrong with the input.
      return reply.code(done.error && done.error !== failure ? 422 : 500).send({ error: done.error ?? failure });
    }
    if (done.status === 'canceled') return reply.code(409).send({ error: 'The request was canceled.' });
    return accepted(reply, done);
  }

  return Object.assign(submit, { answerMade });
}

function accepted(reply: FastifyReply, job: JobRow) {
  return reply.code(202).header('location', `/api/jobs/${job.id}`).header('preference-applied', 'respond-async').send({ job_id: job.id });
}
