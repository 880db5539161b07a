// The generation outbox (issue 15, ARCHITECTURE §5): a generation call made offline, or lost on
// the network, is kept in IndexedDB with the Idempotency-Key it was first sent with, and sent
// again when the network returns. The key makes a replay safe: a call that did reach the server
// before the connection dropped gives back the same job, never a second one. Files (garments,
// songs) are kept as Blobs, which IndexedDB stores as they are.
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { OUTBOX_DB, OUTBOX_SYNC_TAG } from '../../contract/sw-messages';
import type { GenerationCall } from './jobs';


type StoredField = string | { file: Blob; name: string };
/** A JSON generation body: what a single call sends, and each item of a batch. */
export type JsonFields = Record<string, string | boolean>;
/** A batch as POST /batches takes it, less user_id (the request's user): the call every item is a body of, and the items. */
export interface BatchJson {
  call: string;
  items: JsonFields[];
}
export const BATCHES_PATH = '/batches';

/** A queued call: who queued it, for which screen slot, and its request as it will be sent. */
export interface QueuedRequest {
  /** The Idempotency-Key: also the record's key. */
  key: string;
  userId: string;
  slot: string;
  path: string;
  body: { json: JsonFields | BatchJson } | { form: Array<[string, StoredField]> };
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

const isBatch = (json: JsonFields | BatchJson): json is BatchJson => Array.isArray(json.items);

/** The batch a queued request sends (POST /batches), or null for a single call. */
export const batchIn = (request: QueuedRequest): BatchJson | null => ('json' in request.body && isBatch(request.body.json) ? request.body.json : null);

/** What a queued request sends: one generation call, or a batch. */
export function callOf(request: QueuedRequest): { call: GenerationCall } | { batch: BatchJson } {
  if ('json' in request.body) {
    const json = request.body.json;
    return isBatch(json) ? { batch: json } : { call: { path: request.path, body: json } };
  }
  const form = new FormData();
  for (const [name, value] of request.body.form) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value.file, value.name);
  }
  return { call: { path: request.path, body: form } };
}

/** A call as the outbox keeps it (files as Blobs, with their names). */
export function queuedRequest(userId: string, slot: string, key: string, call: GenerationCall): QueuedRequest {
  return { key, userId, slot, path: call.path, body: storedBody(call.body), queuedAt: Date.now() };
}

/** A batch as the outbox keeps it (a copy: the page's objects may change). */
export function queuedBatch(userId: string, slot: string, key: string, batch: BatchJson): QueuedRequest {
  return { key, userId, slot, path: BATCHES_PATH, body: { json: { call: batch.call, items: batch.items.map((item) => ({ ...item })) } }, queuedAt: Date.now() };
}

/** Keeps `request` in the outbox under its key. */
export async function keepQueued(request: QueuedRequest): Promise<QueuedRequest> {
  await set(request.key, request, outbox());
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
