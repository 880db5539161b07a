// What every generation call does once its input is checked (ARCHITECTURE §4): the entitlement,
// the job (one per Idempotency-Key), then either 202 + Location (Prefer: respond-async) or the
// spec's response when the job is done.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/plugin.ts';
import { isoAt } from '../../auth/rules.ts';
import { createEngines } from '../../engines/index.ts';
import { HttpError } from '../../http-error.ts';
import { KINDS, type JobInput } from '../../jobs/kinds.ts';
import type { JobRow } from '../../jobs/repository.ts';

/**
 * Generation calls per client address per minute: room for a page replaying its offline queue
 * (replays with an Idempotency-Key are cheap), none for a script hammering the engines.
 */
export const GENERATION_RATE_PER_MINUTE = 120;

/** A synchronous call waits this long; then it answers 202 with the job to follow. */
const SYNC_WAIT_MS = 15 * 60_000;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

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

export function submitter(app: FastifyInstance) {
  const engines = createEngines(app.config.generation);

  return async function submit(request: FastifyRequest, reply: FastifyReply, input: JobInput) {
    const user = requireUser(request);
    const key = idempotencyKeyOf(request);
    const now = isoAt(app.now());
    const replay = key === null ? undefined : await app.db.selectFrom('jobs').selectAll().where('user_id', '=', user.id).where('idempotency_key', '=', key).executeTakeFirst();
    if (replay && replay.kind !== input.kind) throw new HttpError(409, 'This Idempotency-Key was used for another kind of request.');
    if (!replay) await app.billing.entitlements.assertMayStart(user.id, input.kind, now);
    const { job, created } = replay ? { job: replay, created: false } : await app.jobs.repo.create({ userId: user.id, input, engine: engines.for(input.kind).name, idempotencyKey: key, now });
    if (created) {
      request.log.info({ jobId: job.id, kind: job.kind }, 'job queued');
      app.jobs.queue.notify(job.id);
    }
    if (wantsAsync(request)) return accepted(reply, job);

    const aborted = new AbortController();
    request.raw.once('close', () => aborted.abort());
    const done = (await app.jobs.waitFor(job.id, SYNC_WAIT_MS, aborted.signal)) ?? job;
    if (done.status === 'succeeded') return reply.code(200).send(resultOf(done));
    if (done.status === 'failed') {
      const failure = KINDS[input.kind].failure;
      // The kind's own message is for failures on our side; any other names what is wrong with the input.
      return reply.code(done.error && done.error !== failure ? 422 : 500).send({ error: done.error ?? failure });
    }
    if (done.status === 'canceled') return reply.code(409).send({ error: 'The request was canceled.' });
    return accepted(reply, done);
  };
}

function accepted(reply: FastifyReply, job: JobRow) {
  return reply.code(202).header('location', `/api/jobs/${job.id}`).header('preference-applied', 'respond-async').send({ job_id: job.id });
}
