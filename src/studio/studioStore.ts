// The studio's generations per slot (one slot per screen, mode and gender: the spec's loading
// flags and result keys, §3). A job is followed here, outside any screen, so it goes on while
// the user visits another screen; its result is stored under the slot's session key and the
// gallery refreshed (§4). Screens read running state, progress, result and error by slot.
// A call made offline, or lost on the network, waits in the outbox (outbox.ts) as the slot's
// queued request; outboxSync.ts sends it when the network returns. This module only holds
// state and its actions: importing it starts nothing (the signed-in layout starts the sync).
import { useEffect, useMemo } from 'react';
import { create } from 'zustand';
import { getSession, SessionKey, type SessionKeyName } from '../lib/session';
import { useGalleryStore } from './galleryStore';
import { noticeFor, type NoticeScreen } from './notices';
import { followJob, GenerationError, isNetworkFailure, newIdempotencyKey, pendingJob, resultUrl, submitGeneration, type GenerationCall } from './jobs';
import { askForSync, batchIn, keepQueued, queuedRequest, queuedRequests, removeQueued, type QueuedRequest } from './outbox';
import { announce } from './outboxChannel';
import { askToNotifyOnce } from './notifyPermission';
import { useGenerationProgress, type ProgressKind } from './progress';
import { loadResult, saveResult, type StoredResult } from './results';

export type Slot = SessionKeyName;
/** A screen's batch slot (batches.ts): its slot and ':batch'. */
export type BatchSlot = `${Slot}:batch`;
/** What the outbox queues for: a slot's single call, or its batch. */
export type QueueSlot = Slot | BatchSlot;

const BATCH_SUFFIX = ':batch';
export const isBatchSlot = (slot: string): slot is BatchSlot => slot.endsWith(BATCH_SUFFIX);
/** The batch slot of a screen's slot, and back. */
export const batchSlotOf = (slot: Slot): BatchSlot => `${slot}${BATCH_SUFFIX}`;
export const screenSlotOf = (slot: BatchSlot): Slot => slot.slice(0, -BATCH_SUFFIX.length) as Slot;

/** A request waiting in the outbox for the network (a batch with its number of items). */
export interface QueuedJob {
  key: string;
  queuedAt: number;
  items?: number;
}

export interface RunningJob {
  since: number;
  /** The server's progress (0-100) when it reports one. */
  progress: number;
}

interface StudioState {
  userId: string | null;
  running: Partial<Record<Slot, RunningJob>>;
  results: Partial<Record<Slot, StoredResult>>;
  errors: Partial<Record<Slot, GenerationError>>;
  queued: Partial<Record<QueueSlot, QueuedJob>>;
  clearError: (slot: Slot) => void;
}

export const useStudioStore = create<StudioState>((set) => ({
  userId: null,
  running: {},
  results: {},
  errors: {},
  queued: {},
  clearError: (slot) => set((s) => ({ errors: { ...s.errors, [slot]: undefined } })),
}));

const set = useStudioStore.setState;
const get = useStudioStore.getState;

/** Another user signed in in this tab: nothing of the last one's carries over. */
export function ownedByCurrentUser(): string | null {
  const userId = getSession(SessionKey.userId);
  if (get().userId !== userId) {
    set({ userId, running: {}, results: {}, errors: {}, queued: {} });
    if (userId) void loadQueued(userId);
  }
  return userId;
}

/** Spec §8: failures are logged; the screen shows its notice. */
export function fail(slot: Slot, err: unknown): void {
  const error = err instanceof GenerationError ? err : new GenerationError(err instanceof Error ? err.message : String(err), 0);
  console.error(`Generation failed (${slot})`, error);
  patch('running', slot, undefined);
  patch('errors', slot, error);
}

export const patch = <K extends 'running' | 'results' | 'errors' | 'queued'>(key: K, slot: keyof StudioState[K], value: StudioState[K][keyof StudioState[K]]) =>
  set((s) => ({ [key]: { ...s[key], [slot]: value } }) as Partial<StudioState>);

export async function follow(slot: Slot, jobId: string, since: number, userId: string): Promise<void> {
  patch('running', slot, { since, progress: 0 });
  try {
    const job = await followJob(slot, jobId, {
      onUpdate: (view) => {
        if (getSession(SessionKey.userId) === userId) patch('running', slot, { since, progress: view.progress });
      },
    });
    finish(slot, userId, job as unknown as Record<string, unknown>, jobId);
  } catch (err) {
    if (getSession(SessionKey.userId) === userId) fail(slot, err);
  }
}

export function finish(slot: Slot, userId: string, fields: Record<string, unknown>, jobId: string): void {
  if (getSession(SessionKey.userId) !== userId) return;
  patch('running', slot, undefined);
  const url = resultUrl(fields);
  if (!url) return fail(slot, new GenerationError('Unexpected response from the server', 0));
  const result: StoredResult = { url, engine: typeof fields.engine === 'string' ? fields.engine : null, at: Date.now(), jobId };
  saveResult(slot, result);
  patch('results', slot, result);
  void useGalleryStore.getState().fetch(true);
}

/**
 * Starts a generation in `slot`: `prepare` runs first (checks, link resolution) and returns the
 * call; its errors, like the call's, land in the slot's error. Nothing starts while the slot runs
 * or has a request queued. Offline, or when the call gets no answer, the call is queued.
 */
export async function startGeneration(slot: Slot, prepare: () => Promise<GenerationCall>): Promise<void> {
  const userId = ownedByCurrentUser();
  if (!userId || get().running[slot] || get().queued[slot]) return;
  askToNotifyOnce(slot);
  patch('errors', slot, undefined);
  patch('running', slot, { since: Date.now(), progress: 0 });
  const key = newIdempotencyKey();
  let call: GenerationCall | null = null;
  try {
    call = await prepare();
    if (navigator.onLine === false) return await queue(slot, userId, key, call);
    const job = await submitGeneration(slot, call, key);
    if (job.done) finish(slot, userId, job.done, job.jobId);
    else await follow(slot, job.jobId, job.startedAt, userId);
  } catch (err) {
    if (getSession(SessionKey.userId) !== userId) return;
    // Only the call itself is queued: a failed `prepare` (or a job that failed) is an error.
    if (call && isNetworkFailure(err)) return queue(slot, userId, key, call);
    fail(slot, err);
  }
}

async function queue(slot: Slot, userId: string, key: string, call: GenerationCall): Promise<void> {
  patch('running', slot, undefined);
  if (!(await enqueue(queuedRequest(userId, slot, key, call)))) fail(slot, new GenerationError('Network error: the server could not be reached.', 0));
}

const queuedJobOf = (r: QueuedRequest): QueuedJob => {
  const batch = batchIn(r);
  return batch ? { key: r.key, queuedAt: r.queuedAt, items: batch.items.length } : { key: r.key, queuedAt: r.queuedAt };
};

/**
 * Keeps `request` in the outbox as its slot's queued one, tells the other tabs and asks for a
 * Background Sync. False when the outbox cannot keep it (no IndexedDB): the caller shows the error.
 */
export async function enqueue(request: QueuedRequest): Promise<boolean> {
  try {
    await keepQueued(request);
  } catch {
    return false;
  }
  patch('queued', request.slot as QueueSlot, queuedJobOf(request));
  announce({ type: 'changed' });
  void askForSync();
  return true;
}

export async function loadQueued(userId: string): Promise<void> {
  const requests = await queuedRequests(userId);
  if (get().userId !== userId) return;
  const queued: StudioState['queued'] = {};
  for (const r of requests) queued[r.slot as QueueSlot] = queuedJobOf(r);
  set({ queued });
}

/** Cancels the slot's queued request (or batch): it is never sent. */
export async function cancelQueued(slot: QueueSlot): Promise<void> {
  const queued = get().queued[slot];
  if (!queued) return;
  await removeQueued(queued.key);
  patch('queued', slot, undefined);
  announce({ type: 'changed' });
}

/** Follows the slot's job again if one was running when the page was last open (reload, reopened app). */
export function resumeGeneration(slot: Slot): void {
  const userId = ownedByCurrentUser();
  if (!userId || get().running[slot]) return;
  const job = pendingJob(slot);
  if (job) void follow(slot, job.jobId, job.startedAt, userId);
}

export interface SlotView {
  running: RunningJob | null;
  result: StoredResult | null;
  error: GenerationError | null;
}

/**
 * A screen's view of a slot: picks up its pending job on mount, reads the stored result. A job
 * left running when the page was last open shows as running from the first render, before the
 * mount effect follows it again.
 */
export function useSlot(slot: Slot): SlotView {
  useEffect(() => resumeGeneration(slot), [slot]);
  const followed = useStudioStore((s) => (s.userId === getSession(SessionKey.userId) ? s.running[slot] : undefined));
  const pending = followed ? null : pendingJob(slot);
  const running = followed ?? (pending ? { since: pending.startedAt, progress: 0 } : undefined);
  const result = useStudioStore((s) => (s.userId === getSession(SessionKey.userId) ? s.results[slot] : undefined));
  const error = useStudioStore((s) => s.errors[slot]);
  // Decrypted once per slot and result, not at every progress tick.
  const stored = useMemo(() => result ?? loadResult(slot), [slot, result]);
  return { running: running ?? null, result: stored, error: error ?? null };
}

const QUEUED_NOTICE = { message: 'Queued, will send when online', subscribe: false, queued: true } as const;

/**
 * Everything a generation screen shows of its slot: running state, result, the percentage of
 * its kind (spec §4; faces show none) and the notice of its failure (§8) with a way to close it.
 */
export function useStudioSlot(slot: Slot, screen: NoticeScreen, progress?: ProgressKind) {
  const { running, result, error } = useSlot(slot);
  const percent = useGenerationProgress(progress ?? 'image', progress !== undefined && running !== null, running?.progress ?? 0, running?.since);
  const clearError = useStudioStore((s) => s.clearError);
  const queued = useStudioStore((s) => s.queued[slot]);
  if (queued) return { running, result, percent, notice: QUEUED_NOTICE, closeNotice: () => void cancelQueued(slot) };
  return { running, result, percent, notice: noticeFor(error, screen), closeNotice: () => clearError(slot) };
}
