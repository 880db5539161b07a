// Outbox news between this origin's tabs (a BroadcastChannel): a tab that queues, cancels or
// sends a request says so, and the others reload their queue and follow the job (or batch) it sent. The
// channel opens in start() (outboxSync.ts, from the signed-in layout), never on import.
import { OUTBOX_SYNC_TAG } from '../../contract/sw-messages';
import type { BatchAccepted } from '../../contract/batches';
import type { Static } from 'typebox';
import type { BatchSlot, Slot } from './studioStore';

export type OutboxNews =
  | { type: 'changed' }
  | { type: 'sent'; userId: string; slot: Slot; jobId: string; startedAt: number }
  | { type: 'batch sent'; userId: string; slot: BatchSlot; batch: Static<typeof BatchAccepted> };

let channel: BroadcastChannel | null = null;

/** Tells the other tabs; nothing while the channel is closed. */
export function announce(news: OutboxNews): void {
  channel?.postMessage(news);
}

/** Opens the channel and hands the other tabs' news to `onNews`; the returned function closes it. */
export function startOutboxChannel(onNews: (news: OutboxNews) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const opened = new BroadcastChannel(OUTBOX_SYNC_TAG);
  opened.addEventListener('message', (event: MessageEvent<OutboxNews>) => onNews(event.data));
  channel = opened;
  return () => {
    opened.close();
    if (channel === opened) channel = null;
  };
}
