// Batches (issue 29): many items of one generation call sent as one POST /api/batches, and the
// batch followed as its jobs run. The service worker's poller follows each job (as it follows a
// single one: sw/jobPoller.ts) and its announcements update the batch's view at once; the page
// reads GET /api/batches/{id} itself at start and every 15 s beside the worker (for the ETA), or
// alone at 1 s growing to 5 s without one. A batch's state is kept per screen slot outside any
// screen, so it goes on while the user visits another one, and its id in the tab's session, so a
// reload follows it again.
import { useEffect } from 'react';
import { create } from 'zustand';
import type { BatchAccepted, BatchView } from '../../contract/batches';
import type { JobView } from '../../contract/studio';
import type { Static } from 'typebox';
import { api, ApiError, apiRequest } from '../api/client';
import { getSession, SessionKey } from '../lib/session';
import { useGalleryStore } from './galleryStore';
import { asGenerationError, GenerationError, isNetworkFailure, newIdempotencyKey, type GenerationCall } from './jobs';
import { queuedBatch, type BatchJson, type JsonFields } from './outbox';
import { batchSlotOf, enqueue, ownedByCurrentUser, useStudioStore, type BatchSlot, type Slot } from './studioStore';
import { watchInWorker } from './workerJobs';
import { isFinalJobStatus } from '../../contract/job-status';

export type { BatchView };

const POLL_FIRST_MS = 1000;
const POLL_MAX_MS = 5000;
const POLL_BESIDE_WORKER_MS = 15_000;

/**
 * What a screen shows of its batch: waiting in the outbox (made offline: the studio store's
 * queued entry, never kept here), being sent, running (its last view), or refused.
 */
export type BatchRun = { state: 'queued'; total: number } | { state: 'sending'; total: number } | { state: 'running' | 'done'; view: BatchView } | { state: 'error'; message: string };

interface BatchState {
  runs: Partial<Record<string, BatchRun>>;
  clear: (slot: string) => void;
}

export const useBatchStore = create<BatchState>((set) => ({
  runs: {},
  clear: (slot) => set((s) => ({ runs: { ...s.runs, [slot]: undefined } })),
}));

const setRun = (slot: string, run: BatchRun) => useBatchStore.setState((s) => ({ runs: { ...s.runs, [slot]: run } }));

/** A batch view with one job's newer view in it, its counts counted again. */
export function withJob(view: BatchView, job: JobView): BatchView {
  if (!view.jobs.some((j) => j.job_id === job.job_id)) return view;
  const jobs = view.jobs.map((j) => (j.job_id === job.job_id ? job : j));
  const count = (s: JobView['status']) => jobs.filter((j) => j.status === s).length;
  return { ...view, jobs, queued: count('queued'), running: count('running'), succeeded: count('succeeded'), failed: count('failed'), canceled: count('canceled') };
}

export const batchEnded = (view: BatchView): boolean => view.jobs.every((j) => isFinalJobStatus(j.status));

const getBatch = async (batchId: string): Promise<BatchView | null> => {
  try {
    return (await api.get<BatchView>(`/batches/${encodeURIComponent(batchId)}`)).data;
  } catch (err) {
    if (err instanceof ApiError && err.status !== 0 && err.status < 500) throw err;
    return null; // no answer: the next look tries again
  }
};

/** Follows the batch until every job has ended, calling `onUpdate` with each newer view. */
export async function followBatch(batchId: string, jobIds: readonly string[], onUpdate: (view: BatchView) => void, signal?: AbortSignal): Promise<BatchView> {
  let view: BatchView | null = null;
  let wake: (() => void) | null = null;
  const show = (next: BatchView) => {
    view = next;
    onUpdate(next);
    if (batchEnded(next)) wake?.();
  };
  const watch = watchInWorker(jobIds, getSession(SessionKey.userId) ?? '', (job) => {
    if (view) show(withJob(view, job));
  });
  let delay = watch ? POLL_BESIDE_WORKER_MS : POLL_FIRST_MS;
  try {
    for (;;) {
      if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const fresh = await getBatch(batchId);
      if (fresh) show(fresh);
      if (view && batchEnded(view)) return view;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
        signal?.addEventListener('abort', wake, { once: true });
      });
      wake = null;
      if (view && batchEnded(view)) return view;
      if (!watch) delay = Math.min(POLL_MAX_MS, Math.round(delay * 1.5));
    }
  } finally {
    watch?.stop();
  }
}

/** Shows a refused batch: the server's own message (a 403 names what the batch needs and what is left). */
export function batchFailed(slot: string, err: unknown): void {
  keep(slot, null);
  setRun(slot, { state: 'error', message: err instanceof Error && err.message ? err.message : 'The batch could not be started.' });
}

/** The batches still followed, per slot, kept in this tab's session so a reload follows them again. */
const KEPT_KEY = 'persona-batches';
interface KeptBatch {
  userId: string;
  batchId: string;
  jobIds: string[];
}

function keptBatches(): Record<string, KeptBatch> {
  try {
    return (JSON.parse(sessionStorage.getItem(KEPT_KEY) ?? '{}') as Record<string, KeptBatch>) ?? {};
  } catch {
    return {};
  }
}

function keep(slot: string, batch: KeptBatch | null): void {
  const all = keptBatches();
  if (batch) all[slot] = batch;
  else delete all[slot];
  try {
    sessionStorage.setItem(KEPT_KEY, JSON.stringify(all));
  } catch {
    // No session storage: a reload just does not show the batch here (the queue screen still does).
  }
}

async function follow(slot: string, batchId: string, jobIds: string[]): Promise<void> {
  keep(slot, { userId: getSession(SessionKey.userId) ?? '', batchId, jobIds });
  const final = await followBatch(batchId, jobIds, (view) => setRun(slot, { state: batchEnded(view) ? 'done' : 'running', view }));
  keep(slot, null);
  setRun(slot, { state: 'done', view: final });
  void useGalleryStore.getState().fetch(true);
}

/** `calls` (all of one path, JSON bodies) as one batch; a multipart call cannot be batched. */
export function batchOf(calls: readonly GenerationCall[]): BatchJson {
  const items = calls.map(({ path, body }): JsonFields => {
    if (body instanceof FormData) throw new GenerationError(`${path} sends files and cannot be batched.`, 0);
    return { ...body };
  });
  return { call: calls[0]!.path, items };
}

/**
 * POST /api/batches with `key` as its Idempotency-Key: the same key sent again (a replay from the
 * outbox) gives back the same batch, never a second one. Errors are GenerationErrors; one with no
 * answer at all is a network failure (isNetworkFailure), worth queueing.
 */
export async function submitBatch(batch: BatchJson, key: string): Promise<Static<typeof BatchAccepted>> {
  try {
    const res = await apiRequest<Static<typeof BatchAccepted>>('/batches', {
      method: 'POST',
      body: { user_id: getSession(SessionKey.userId) ?? undefined, call: batch.call, items: batch.items },
      securityKey: true,
      headers: { 'Idempotency-Key': key },
    });
    return res.data;
  } catch (err) {
    throw asGenerationError(err);
  }
}

/** Follows a batch the server accepted for `slot` (sent from the outbox, here or in another tab); a refusal becomes its error. */
export function followAccepted(slot: string, accepted: Static<typeof BatchAccepted>): void {
  setRun(slot, { state: 'sending', total: accepted.job_ids.length });
  follow(slot, accepted.batch_id, accepted.job_ids).catch((err: unknown) => batchFailed(slot, err));
}

/**
 * Sends `calls` (all of one path) as one batch for `slot` and follows it. Nothing starts while the
 * slot's last batch is still queued, being sent or running. Offline, or when the POST gets no
 * answer, the batch waits in the outbox with its Idempotency-Key (outboxSync.ts sends it).
 */
export async function startBatch(slot: BatchSlot, calls: readonly GenerationCall[]): Promise<void> {
  const userId = ownedByCurrentUser();
  const current = useBatchStore.getState().runs[slot];
  if (!userId || current?.state === 'sending' || current?.state === 'running' || useStudioStore.getState().queued[slot] || calls.length === 0) return;
  setRun(slot, { state: 'sending', total: calls.length });
  const key = newIdempotencyKey();
  let batch: BatchJson | null = null;
  try {
    batch = batchOf(calls);
    if (navigator.onLine === false) return await queue(slot, userId, key, batch);
    const accepted = await submitBatch(batch, key);
    await follow(slot, accepted.batch_id, accepted.job_ids);
  } catch (err) {
    if (batch && isNetworkFailure(err)) return queue(slot, userId, key, batch);
    batchFailed(slot, err);
  }
}

async function queue(slot: BatchSlot, userId: string, key: string, batch: BatchJson): Promise<void> {
  useBatchStore.getState().clear(slot);
  if (!(await enqueue(queuedBatch(userId, slot, key, batch)))) batchFailed(slot, new Error('Batches need the network: you seem to be offline. Try again when connected.'));
}

/** Follows the slot's batch again if one was running when the page was last open (a reload). */
function resumeBatch(slot: string): void {
  const kept = keptBatches()[slot];
  if (!kept || useBatchStore.getState().runs[slot]) return;
  if (kept.userId !== getSession(SessionKey.userId)) return keep(slot, null);
  setRun(slot, { state: 'sending', total: kept.jobIds.length });
  follow(slot, kept.batchId, kept.jobIds).catch(() => {
    // Gone or not this user's: nothing to show here.
    keep(slot, null);
    useBatchStore.getState().clear(slot);
  });
}

/** A screen's batch for its slot: the run shown (if any, a queued one first), whether one is under way, and clear(). */
export function useScreenBatch(slot: Slot) {
  const batchSlot = batchSlotOf(slot);
  useEffect(() => resumeBatch(batchSlot), [batchSlot]);
  const queued = useStudioStore((s) => (s.userId === getSession(SessionKey.userId) ? s.queued[batchSlot] : undefined));
  const followed = useBatchStore((s) => s.runs[batchSlot]);
  const run: BatchRun | undefined = queued ? { state: 'queued', total: queued.items ?? 0 } : followed;
  const clear = useBatchStore((s) => s.clear);
  return { batchSlot, run, busy: run?.state === 'sending' || run?.state === 'running', clear: () => clear(batchSlot) };
}

/** `list` with `item` added, or taken out if it was there (a multi-choice grid's toggle). */
export const toggled = <T extends { id: number }>(list: readonly T[], item: T): T[] => (list.some((x) => x.id === item.id) ? list.filter((x) => x.id !== item.id) : [...list, item]);
