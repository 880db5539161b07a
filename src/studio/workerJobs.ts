// The page's side of the service worker's job poller (sw/jobPoller.ts): asks the worker to follow
// jobs and hands over the views it announces. Without a controlling worker (first visit, a
// browser without one) there is nothing to hand over and the page polls on its own.
import { FOLLOW_HEARTBEAT_MS, isJobNews, JOBS_CHANNEL, type FollowJobMessage } from '../../contract/sw-messages';
import type { JobView } from '../../contract/studio';

export interface WorkerFollow {
  /** The next view the worker announces for the job, or null after `timeoutMs` without one. */
  next(timeoutMs: number, signal?: AbortSignal): Promise<JobView | null>;
  stop(): void;
}

export interface WorkerWatch {
  /** Follows these jobs from now on (the ones already watched are kept). */
  add(jobIds: readonly string[]): void;
  stop(): void;
}

/**
 * Asks the worker to follow each of `jobIds` and calls `onView` with every view it announces of
 * them (one channel, however many jobs: a batch, the queue screen). Null without a controlling worker.
 */
export function watchInWorker(jobIds: readonly string[], userId: string, onView: (job: JobView) => void): WorkerWatch | null {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker?.controller || typeof BroadcastChannel === 'undefined') return null;
  const ids = new Set<string>();
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isJobNews(event.data) && ids.has(event.data.jobId)) onView(event.data.job);
  });
  // Each message keeps the worker awake a while longer (browsers stop an idle one).
  const ask = (jobId: string) => worker.controller?.postMessage({ type: 'FOLLOW_JOB', jobId, userId } satisfies FollowJobMessage);
  const askAll = () => ids.forEach(ask);
  const heartbeat = setInterval(askAll, FOLLOW_HEARTBEAT_MS);
  // A page that could not run (frozen, paused) may have missed the news: ask again when it is
  // back in front; the worker repeats an ended job's view from what it kept.
  const onFront = () => {
    if (document.visibilityState === 'visible') askAll();
  };
  window.addEventListener('focus', onFront);
  document.addEventListener('visibilitychange', onFront);
  const add = (more: readonly string[]) => {
    for (const id of more) {
      if (ids.has(id)) continue;
      ids.add(id);
      ask(id);
    }
  };
  add(jobIds);
  return {
    add,
    stop() {
      clearInterval(heartbeat);
      window.removeEventListener('focus', onFront);
      document.removeEventListener('visibilitychange', onFront);
      channel.close();
    },
  };
}

export function followInWorker(jobId: string, userId: string): WorkerFollow | null {
  let latest: JobView | null = null;
  let wake: (() => void) | null = null;
  const watch = watchInWorker([jobId], userId, (job) => {
    latest = job;
    wake?.();
  });
  if (!watch) return null;

  return {
    next(timeoutMs, signal) {
      return new Promise<JobView | null>((resolve, reject) => {
        const take = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', abort);
          wake = null;
          const view = latest;
          latest = null;
          resolve(view);
        };
        const abort = () => {
          clearTimeout(timer);
          wake = null;
          reject(new DOMException('Aborted', 'AbortError'));
        };
        const timer = setTimeout(take, timeoutMs);
        if (signal?.aborted) return abort();
        signal?.addEventListener('abort', abort, { once: true });
        if (latest) return take();
        wake = take;
      });
    },
    stop: () => watch.stop(),
  };
}
