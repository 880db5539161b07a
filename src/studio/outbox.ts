// The generation outbox (issue 15, ARCHITECTURE §5): a generation call made offline, or lost on
// the network, is kept in IndexedDB with the Idempotency-Key it was first sent with, and sent
// again when the network returns. The key makes a replay safe: a call that did reach the server
// before the connection dropped gives back the same job, never a second one. Files (garments,
// songs) are kept as Blobs, which IndexedDB stores as they are.
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { OUTBOX_DB, OUTBOX_SYNC_TAG } from '../../contract/sw-messages';
import type { GenerationCall } from './jobs';


type StoredField = string | { file: Blob; name: string };

/** A queued call: who queued it, for which screen slot, and its request as it will be sent. */
export interface QueuedRequest {
  /** The Idempotency-Key: also the record's key. */
  key: string;
  userId: string;
  slot: string;
  path: string;
  body: { json: Record<string, string | boolean> } | { form: Array<[string, StoredField]> };
  queuedAt: number;
}

let store: UseStore | null = null;
const outbox = () => (store ??= createStore(OUTBOX_DB.name, OUTBOX_DB.store));

function storedBody(body: GenerationCall['body']): QueuedRequest['body'] {
  if (!(body instanceof FormData)) return { json: { ...body } };
  const form: Array<[string, StoredField]> = [];
  body.forEach((value, name) => form.push([name, typeof value === 'string' ? value : { file: value, name: value.name }]));
  return { form };
}

/** The call a queued request sends. */
export function callOf(request: QueuedRequest): GenerationCall {
  if ('json' in request.body) return { path: request.path, body: request.body.json };
  const form = new FormData();
  for (const [name, value] of request.body.form) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.file, value.name);
  }
  return { path: request.path, body: form };
}

/** A call as the outbox keeps it (files as Blobs, with their names). */
export function queuedRequest(userId: string, slot: string, key: string, call: GenerationCall): QueuedRequest {
  return { key, userId, slot, path: call.path, body: storedBody(call.body), queuedAt: Date.now() };
}

export async function queueRequest(userId: string, slot: string, key: string, call: GenerationCall): Promise<QueuedRequest> {
  const request = queuedRequest(userId, slot, key, call);
  await set(key, request, outbox());
  return request;
}

/** The user's queued requests, oldest first. */
export async function queuedRequests(userId: string): Promise<QueuedRequest[]> {
  let all: QueuedRequest[];
  try {
    all = await values<QueuedRequest>(outbox());
  } catch {
    return []; // no IndexedDB here: nothing was queued either
  }
  return all.filter((r) => r.userId === userId).sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function removeQueued(key: string): Promise<void> {
  try {
    await del(key, outbox());
  } catch {
    // No IndexedDB: nothing to remove.
  }
}

/**
 * Runs `send` alone across this origin's tabs (a Web Lock), so the `online` event of two tabs
 * does not send one request twice at the same moment. Without Web Locks it just runs.
 */
export async function exclusively<T>(send: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return send();
  return navigator.locks.request(OUTBOX_SYNC_TAG, send);
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks for a Background Sync where the browser has it; the `online` event and the next start cover the rest. */
export async function askForSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (or no service worker): the page sends on `online` or at its next start.
  }
}
