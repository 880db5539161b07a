// The studio's background work (issue 25 §5): importing the studio's modules starts nothing; the
// signed-in layout's start() opens the tabs' channel, listens for the network and the service
// worker and sends what waits in the outbox; stop() undoes it all.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FLUSH_OUTBOX, OUTBOX_SYNC_TAG } from '../../contract/sw-messages';
import { SessionKey } from '../../src/lib/session';
import { StudioSessionKey } from '../../src/lib/studioSessionKeys';

class FakeChannel extends EventTarget {
  static opened: FakeChannel[] = [];
  posted: unknown[] = [];
  closed = false;
  constructor(readonly name: string) {
    super();
    FakeChannel.opened.push(this);
  }
  postMessage(message: unknown): void {
    this.posted.push(message);
  }
  close(): void {
    this.closed = true;
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetched: string[];
let worker: EventTarget;
const requestPermission = vi.fn(async () => 'granted');

/** Resolves with the first fetched URL that `match` accepts: the test waits for an event, never for time. */
function nextFetch(match: (url: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      fetched.push(url);
      if (match(url)) resolve(url);
      if (url.includes('/jobs/')) return json(200, { job_id: 'j9', kind: 'image', status: 'running', progress: 0 });
      return json(200, { job_id: 'j1', output: '/media/out.png' });
    }));
  });
}

beforeEach(() => {
  vi.resetModules();
  FakeChannel.opened = [];
  fetched = [];
  sessionStorage.clear();
  sessionStorage.setItem(SessionKey.accessToken, 'tok');
  sessionStorage.setItem(SessionKey.userId, 'u1');
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => (fetched.push(url), json(200, {}))));
  worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
  requestPermission.mockClear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the studio store and its sync modules', () => {
  it('start nothing when imported: no channel, no listener, no call, no prompt', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const listenToWorker = vi.spyOn(worker, 'addEventListener');
    await import('../../src/studio/studioStore');
    await import('../../src/studio/outboxSync');
    await import('../../src/studio/outboxChannel');
    await import('../../src/studio/notifyPermission');
    expect(FakeChannel.opened).toHaveLength(0);
    expect(listen).not.toHaveBeenCalled();
    expect(listenToWorker).not.toHaveBeenCalled();
    expect(fetched).toEqual([]);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('start() opens the channel and listens; stop() closes it and removes the listeners', async () => {
    const listen = vi.spyOn(window, 'addEventListener');
    const unlisten = vi.spyOn(window, 'removeEventListener');
    const listenToWorker = vi.spyOn(worker, 'addEventListener');
    const unlistenToWorker = vi.spyOn(worker, 'removeEventListener');
    const { startOutboxSync } = await import('../../src/studio/outboxSync');
    const { announce } = await import('../../src/studio/outboxChannel');
    const stop = startOutboxSync();
    expect(FakeChannel.opened.map((c) => c.name)).toEqual([OUTBOX_SYNC_TAG]);
    const onOnline = listen.mock.calls.find(([type]) => type === 'online')?.[1];
    const onWorker = listenToWorker.mock.calls.find(([type]) => type === 'message')?.[1];
    expect(onOnline).toBeTypeOf('function');
    expect(onWorker).toBeTypeOf('function');
    announce({ type: 'changed' });
    expect(FakeChannel.opened[0].posted).toContainEqual({ type: 'changed' });

    stop();
    expect(FakeChannel.opened[0].closed).toBe(true);
    expect(unlisten).toHaveBeenCalledWith('online', onOnline);
    expect(unlistenToWorker).toHaveBeenCalledWith('message', onWorker);
    const postedBefore = FakeChannel.opened[0].posted.length;
    announce({ type: 'changed' });
    expect(FakeChannel.opened[0].posted).toHaveLength(postedBefore);
  });

  it('sends a queued request at start, and again when the service worker asks', async () => {
    const { keepQueued, queuedRequest } = await import('../../src/studio/outbox');
    const { startOutboxSync } = await import('../../src/studio/outboxSync');
    const slot = StudioSessionKey.imagePrompt;
    await keepQueued(queuedRequest('u1', slot, 'key-1', { path: '/generate-image-prompt/', body: { user_id: 'u1', prompt: 'a' } }));
    const sent = nextFetch((url) => url.endsWith('/generate-image-prompt/'));
    const stop = startOutboxSync();
    expect(await sent).toBe('/api/generate-image-prompt/');

    await keepQueued(queuedRequest('u1', slot, 'key-2', { path: '/generate-image-prompt/', body: { user_id: 'u1', prompt: 'b' } }));
    const flushed = nextFetch((url) => url.endsWith('/generate-image-prompt/'));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: FLUSH_OUTBOX } }));
    expect(await flushed).toBe('/api/generate-image-prompt/');
    stop();
  });

  it('sends a queued batch once with the key it was queued with and follows it; a refused one becomes the slot\'s error', async () => {
    const { keepQueued, queuedBatch, queuedRequests } = await import('../../src/studio/outbox');
    const { useBatchStore } = await import('../../src/studio/batches');
    const { sendQueued } = await import('../../src/studio/outboxSync');
    const { useStudioStore } = await import('../../src/studio/studioStore');
    const slot = `${StudioSessionKey.imageTemplate}:batch` as const;
    const batch = { call: '/generate-image-temp/', items: ['a', 'b'].map((image) => ({ user_id: 'u1', face: '/f.png', image })) };
    await keepQueued(queuedBatch('u1', slot, 'key-b', batch));
    const posts: unknown[] = [];
    let answer = json(202, { batch_id: 'b1', job_ids: ['j1', 'j2'] });
    const job = (id: string) => ({ job_id: id, kind: 'image', status: 'succeeded', progress: 100, output: `/media/gen/${id}.png` });
    const view = { batch_id: 'b1', call: batch.call, total: 2, queued: 0, running: 0, succeeded: 2, failed: 0, canceled: 0, eta_seconds: null, jobs: [job('j1'), job('j2')] };
    vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method !== 'POST') return json(200, url.endsWith('/batches/b1') ? view : {});
      posts.push({ url, key: new Headers(init.headers).get('Idempotency-Key'), body: JSON.parse(String(init.body)) });
      return answer;
    }));
    await sendQueued();
    expect(posts).toEqual([{ url: '/api/batches', key: 'key-b', body: { user_id: 'u1', ...batch } }]);
    expect(await queuedRequests('u1')).toEqual([]);
    expect(useStudioStore.getState().queued[slot]).toBeUndefined();
    await vi.waitFor(() => expect(useBatchStore.getState().runs[slot]).toEqual({ state: 'done', view }));

    useBatchStore.getState().clear(slot);
    await keepQueued(queuedBatch('u1', slot, 'key-c', batch));
    answer = json(403, { error: 'This batch needs 2 image generations.' });
    await sendQueued();
    expect(await queuedRequests('u1')).toEqual([]);
    expect(useBatchStore.getState().runs[slot]).toEqual({ state: 'error', message: 'This batch needs 2 image generations.' });
  });

  it("follows here a job another tab sent from this user's outbox", async () => {
    const { startOutboxSync } = await import('../../src/studio/outboxSync');
    const { pendingJob } = await import('../../src/studio/jobs');
    const stop = startOutboxSync();
    const slot = StudioSessionKey.videoLink;
    const polled = nextFetch((url) => url.endsWith('/jobs/j9'));
    FakeChannel.opened[0].dispatchEvent(new MessageEvent('message', { data: { type: 'sent', userId: 'u1', slot, jobId: 'j9', startedAt: 5 } }));
    expect(pendingJob(slot)).toEqual({ jobId: 'j9', startedAt: 5 });
    expect(await polled).toBe('/api/jobs/j9');
    stop();
  });

  it("follows here a batch another tab sent from this user's outbox", async () => {
    const { startOutboxSync } = await import('../../src/studio/outboxSync');
    const { useBatchStore } = await import('../../src/studio/batches');
    const stop = startOutboxSync();
    const slot = `${StudioSessionKey.videoTemplate}:batch`;
    const polled = nextFetch((url) => url.endsWith('/batches/b7'));
    FakeChannel.opened[0].dispatchEvent(new MessageEvent('message', { data: { type: 'batch sent', userId: 'u1', slot, batch: { batch_id: 'b7', job_ids: ['j1', 'j2'] } } }));
    expect(useBatchStore.getState().runs[slot]).toEqual({ state: 'sending', total: 2 });
    expect(await polled).toBe('/api/batches/b7');
    stop();
  });
});

describe('the notification prompt', () => {
  it('is asked as a long job starts, never for a short one, and not once answered', async () => {
    const { askToNotifyOnce } = await import('../../src/studio/notifyPermission');
    askToNotifyOnce(StudioSessionKey.imagePrompt);
    expect(requestPermission).not.toHaveBeenCalled();
    askToNotifyOnce(StudioSessionKey.videoTemplate);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission });
    askToNotifyOnce(StudioSessionKey.audio);
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });
});
