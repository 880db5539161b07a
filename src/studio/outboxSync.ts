// Sends the generation outbox (outbox.ts) when the network returns: at start, on `online`, and
// when the service worker's Background Sync asks (FLUSH_OUTBOX); and keeps this tab in step with
// the user's other tabs (outboxChannel.ts). The signed-in layout calls start(); importing this
// module does nothing.
import { FLUSH_OUTBOX } from '../../contract/sw-messages';
import { getSession, SessionKey } from '../lib/session';
import { batchFailed, followAccepted, submitBatch, useBatchStore } from './batches';
import { isNetworkFailure, setPendingJob, submitGeneration } from './jobs';
import { callOf, exclusively, queuedRequests, removeQueued, type QueuedRequest } from './outbox';
import { announce, startOutboxChannel, type OutboxNews } from './outboxChannel';
import { fail, finish, follow, isBatchSlot, loadQueued, ownedByCurrentUser, patch, useStudioStore, type QueueSlot, type Slot } from './studioStore';

/**
 * Sends one queued request (a single call or a batch, with the key it was queued with) and
 * follows what the server made, telling the user's other tabs. Throws what the call threw.
 */
async function send(request: QueuedRequest, userId: string): Promise<void> {
  const sent = callOf(request);
  if ('batch' in sent) {
    if (!isBatchSlot(request.slot)) throw new Error(`A batch queued for ${request.slot}, not a batch slot.`);
    const batch = await submitBatch(sent.batch, request.key);
    await removeQueued(request.key);
    patch('queued', request.slot, undefined);
    announce({ type: 'batch sent', userId, slot: request.slot, batch });
    return followAccepted(request.slot, batch);
  }
  const slot = request.slot as Slot;
  const job = await submitGeneration(slot, sent.call, request.key);
  await removeQueued(request.key);
  patch('queued', slot, undefined);
  announce({ type: 'sent', userId, slot, jobId: job.jobId, startedAt: job.startedAt });
  if (job.done) finish(slot, userId, job.done, job.jobId);
  else void follow(slot, job.jobId, job.startedAt, userId);
}

/**
 * Sends the user's queued requests and batches, oldest first, one tab at a time. A request the
 * server answers leaves the outbox and its job (or batch) is followed (here and, told by
 * BroadcastChannel, in the user's other tabs); one it refuses becomes the slot's error; no
 * answer at all stops the round.
 */
export async function sendQueued(): Promise<void> {
  const userId = ownedByCurrentUser();
  if (!userId || navigator.onLine === false) return;
  await exclusively(async () => {
    for (const request of await queuedRequests(userId)) {
      try {
        await send(request, userId);
      } catch (err) {
        if (isNetworkFailure(err)) return;
        await removeQueued(request.key);
        const slot = request.slot as QueueSlot;
        patch('queued', slot, undefined);
        if (getSession(SessionKey.userId) !== userId) continue;
        if (isBatchSlot(slot)) batchFailed(slot, err);
        else fail(slot, err);
      }
    }
  });
  announce({ type: 'changed' });
}

/** Another tab changed the outbox: reload it; if that tab sent this user's request or batch, follow it here too. */
export function receiveOutboxNews(news: OutboxNews): void {
  const userId = ownedByCurrentUser();
  if (!userId) return;
  void loadQueued(userId);
  if (news.type === 'sent' && news.userId === userId) {
    setPendingJob(news.slot, { jobId: news.jobId, startedAt: news.startedAt });
    if (!useStudioStore.getState().running[news.slot]) void follow(news.slot, news.jobId, news.startedAt, userId);
  }
  if (news.type === 'batch sent' && news.userId === userId && !useBatchStore.getState().runs[news.slot]) followAccepted(news.slot, news.batch);
}

/** Opens the tabs' channel, listens for the network and the service worker, and sends what waits. Returns stop(). */
export function startOutboxSync(): () => void {
  const stopChannel = startOutboxChannel(receiveOutboxNews);
  const onOnline = () => void sendQueued();
  const onWorkerMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === FLUSH_OUTBOX) void sendQueued();
  };
  const worker = navigator.serviceWorker;
  window.addEventListener('online', onOnline);
  worker?.addEventListener('message', onWorkerMessage);
  void sendQueued();
  return () => {
    window.removeEventListener('online', onOnline);
    worker?.removeEventListener('message', onWorkerMessage);
    stopChannel();
  };
}
