// Every generation request of the studio goes through here (ARCHITECTURE §4): the call is sent
// with `Prefer: respond-async` and an Idempotency-Key, the job it creates is followed by polling
// GET /api/jobs/{id} with backoff, and running jobs are remembered per screen slot in the session
// so a reload, or the installed app reopened, follows them again instead of losing them.
// The offline issue hands this module's requests to the service worker's outbox and poller.
import { StudioSessionKey } from '../lib/persistedSession';
import type { JobView } from '../../contract/studio';
import { api, ApiError, apiRequest } from '../api/client';
import { getSession, SessionKey, setSession } from '../lib/session';
import { followInWorker } from './workerJobs';

export type { JobView };

/** A generation call of spec §7: its path and its JSON or multipart payload (user_id included; `consent: true` for outside media). */
export interface GenerationCall {
  path: string;
  body: Record<string, string | boolean> | FormData;
}

/** A job remembered for a screen slot ('face:celebrity:female', 'video:template:male', …). */
export interface PendingJob {
  jobId: string;
  startedAt: number;
}

/** A job that ended without a result: the server's error text and the HTTP status (0 for a failed job). */
export class GenerationError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GenerationError';
  }
}

/** A fresh Idempotency-Key: one per generation the user starts, kept if it has to be queued and sent again. */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

function readPending(): Record<string, PendingJob> {
  try {
    const value = JSON.parse(getSession(StudioSessionKey.pendingJobs) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, PendingJob>) : {};
  } catch {
    return {};
  }
}

function writePending(jobs: Record<string, PendingJob>): void {
  const raw = JSON.stringify(jobs);
  setSession(StudioSessionKey.pendingJobs, raw);
  void import('../lib/persistedSession').then((m) => m.persistSessionValues({ [StudioSessionKey.pendingJobs]: raw }));
}

export function pendingJob(slot: string): PendingJob | null {
  const job = readPending()[slot];
  return job && typeof job.jobId === 'string' ? job : null;
}

/** Remembers (or forgets, with null) the job running in `slot`. */
export function setPendingJob(slot: string, job: PendingJob | null): void {
  const jobs = readPending();
  if (job) jobs[slot] = job;
  else delete jobs[slot];
  writePending(jobs);
}

/** A call that never got an answer (offline, or the server unreachable): worth queueing and sending again. */
export const isNetworkFailure = (err: unknown): boolean => err instanceof GenerationError && err.status === 0 && /^Network error/.test(err.message);

/** The error of a failed call as a GenerationError (network errors keep status 0 and their text). */
export function asGenerationError(err: unknown): GenerationError {
  if (err instanceof GenerationError) return err;
  if (err instanceof ApiError) return new GenerationError(err.message, err.status);
  return new GenerationError(err instanceof Error ? err.message : String(err), 0);
}

/**
 * Sends a generation call and returns its job id (202). A server that answers at once (200)
 * gives the finished job's fields instead. The same `key` sent again gives the same job.
 */
export async function submitGeneration(slot: string, call: GenerationCall, key = newIdempotencyKey()): Promise<PendingJob & { done?: Record<string, string> }> {
  const startedAt = Date.now();
  try {
    const res = await apiRequest<Record<string, string>>(call.path, {
      method: 'POST',
      body: call.body,
      securityKey: true,
      headers: { Prefer: 'respond-async', 'Idempotency-Key': key },
    });
    const jobId = res.data?.job_id;
    if (!jobId) throw new GenerationError('Unexpected response from the server', res.status);
    if (res.status === 202) {
      const job = { jobId, startedAt };
      setPendingJob(slot, job);
      return job;
    }
    return { jobId, startedAt, done: res.data };
  } catch (err) {
    throw asGenerationError(err);
  }
}

const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 5000;
/** With the service worker polling, the page looks itself only this often (a worker of an older version never answers). */
const POLL_BESIDE_WORKER_MS = 15_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });

/** One GET /api/jobs/{id}: the view, or null when no answer came (network, 5xx). A refusal (4xx) ends the follow. */
async function pollJob(slot: string, jobId: string, signal?: AbortSignal): Promise<JobView | null> {
  try {
    return (await api.get<JobView>(`/jobs/${encodeURIComponent(jobId)}`, { signal })).data;
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    if (err instanceof ApiError && err.status !== 0 && err.status < 500) {
      setPendingJob(slot, null);
      throw asGenerationError(err);
    }
    return null;
  }
}

/**
 * Follows the job until it ends. The service worker polls it (sw/jobPoller.ts: it goes on while
 * the tab is hidden) and announces each view; the page also looks itself at once and then every
 * 15 s. Without a worker the page polls alone: 1 s, growing by half to 5 s, network errors
 * retried at the same pace. Resolves with the succeeded job's view; rejects with a
 * GenerationError carrying the job's error, or an AbortError when `signal` aborts (the job goes
 * on: another page can follow it). The slot's memory is cleared when the job ends.
 */
export async function followJob(slot: string, jobId: string, options: { signal?: AbortSignal; onUpdate?: (job: JobView) => void } = {}): Promise<JobView> {
  const worker = followInWorker(jobId, getSession(SessionKey.userId) ?? '');
  let delay = worker ? POLL_BESIDE_WORKER_MS : POLL_FIRST_MS;
  try {
    let job = await pollJob(slot, jobId, options.signal);
    for (;;) {
      if (job) {
        options.onUpdate?.(job);
        if (job.status === 'succeeded') {
          setPendingJob(slot, null);
          return job;
        }
        if (job.status === 'failed' || job.status === 'canceled') {
          setPendingJob(slot, null);
          throw new GenerationError(job.error ?? (job.status === 'canceled' ? 'The request was canceled.' : 'Generation failed.'), 0);
        }
      }
      job = worker ? await worker.next(delay, options.signal) : null;
      if (!worker) await sleep(delay, options.signal);
      if (!job) job = await pollJob(slot, jobId, options.signal);
      if (!worker) delay = Math.min(POLL_MAX_MS, Math.round(delay * 1.5));
    }
  } finally {
    worker?.stop();
  }
}

/** The spec's result field of a finished job, whichever kind it was. */
export function resultUrl(fields: Partial<Record<string, unknown>>): string | null {
  for (const key of ['output', 'output_url', 'result_image_url', 'video_url', 'output_image']) {
    const value = fields[key];
    if (typeof value === 'string' && value) return value;
  }
  return null;
}

/** The link flows' first step (spec §7): an Instagram link resolved to our copy of its media. */
export async function resolveLink(kind: 'image' | 'video', userId: string, link: string, consent: boolean): Promise<string> {
  try {
    const res = await api.post<{ media_url?: string }>(kind === 'image' ? '/download/' : '/download_link/', { user_id: userId, instagram_url: link, consent }, { securityKey: true });
    if (!res.data?.media_url) throw new GenerationError('Failed to download media from Instagram.', res.status);
    return res.data.media_url;
  } catch (err) {
    throw asGenerationError(err);
  }
}

/** Spec §7: the tour was seen. Best effort: the flag in the session is what the page reads. */
export async function completeTour(section: 'face' | 'image' | 'video'): Promise<void> {
  try {
    await api.post('/tour-complete/', { section });
  } catch {
    // Shown again next sign-in at worst.
  }
}
