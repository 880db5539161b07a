// Sends the generation outbox (outbox.ts) when the network returns: at start, on `online`, and
// when the service worker's Background Sync asks (FLUSH_OUTBOX); and keeps this tab in step with
// the user's other tabs (outboxChannel.ts). The signed-in layout calls start(); importing this
// module does nothing.
import { FLUSH_OUTBOX } from '../../contract/sw-messages';
import { getSession, SessionKey } from '../lib/session';
import { isNetworkFailure, setPendingJob, submitGeneration } from './jobs';
import { callOf, exclusively, queuedRequests, removeQueued } from './outbox';
import { announce, startOutboxChannel, type OutboxNews } from './outboxChannel';
import { fail, finish, follow, loadQueued, ownedByCurrentUser, patch, useStudioStore, type Slot } from './studioStore';

/**
 * Sends the user's queued requests, oldest first, one tab at a time. A request the server
 * answers leaves the outbox and its job is followed (here and, told by BroadcastChannel, in the
 * user's other tabs); one it refuses becomes the slot's error; no answer at all stops the round.
 */
export async function sendQueued(): Promise<void> {
  const userId = ownedByCurrentUser();
  if (!userId || navigator.onLine === false) return;
  await exclusively(async () => {
    for (const request of await queuedRequests(userId)) {
      const slot = request.slot as Slot;
      try {
        const job = await submitGeneration(slot, callOf(request), request.key);
        await removeQueued(request.key);
        patch('queued', slot, undefined);
        announce({ type: 'sent', userId, slot, jobId: job.jobId, startedAt: job.startedAt });
        if (job.done) finish(slot, userId, job.done, job.jobId);
        else void follow(slot, job.jobId, job.startedAt, userId);
      } catch (err) {
        if (isNetworkFailure(err)) return;
        await removeQueued(request.key);
        patch('queued', slot, undefined);
        if (getSession(SessionKey.userId) === userId) fail(slot, err);
      }
    }
  });
  announce({ type: 'changed' });
}

/** Another tab changed the outbox: reload it; if that tab sent this user's request, follow its job here too. */
export function receiveOutboxNews(news: OutboxNews): void {
  const userId = ownedByCurrentUser();
  if (!userId) return;
  void loadQueued(userId);
  if (news.type === 'sent' && news.userId === userId) {
    setPendingJob(news.slot, { jobId: news.jobId, startedAt: news.startedAt });
    if (!useStudioStore.getState().running[news.slot]) void follow(news.slot, news.jobId, news.startedAt, userId);
  }
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
