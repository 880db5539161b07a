// The page's side of the service worker's job poller (sw/jobPoller.ts): asks the worker to follow
// a job and hands over the views it announces. Without a controlling worker (first visit, a
// browser without one) there is nothing to hand over and the page polls on its own.
import { FOLLOW_HEARTBEAT_MS, isJobNews, JOBS_CHANNEL, type FollowJobMessage } from '../../contract/sw-messages';
import type { JobView } from '../../contract/studio';

export interface WorkerFollow {
  /** The next view the worker announces for the job, or null after `timeoutMs` without one. */
  next(timeoutMs: number, signal?: AbortSignal): Promise<JobView | null>;
  stop(): void;
}

export function followInWorker(jobId: string, userId: string): WorkerFollow | null {
  const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!worker?.controller || typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  let latest: JobView | null = null;
  let wake: (() => void) | null = null;
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (!isJobNews(event.data) || event.data.jobId !== jobId) return;
    latest = event.data.job;
    wake?.();
  });
  // Each message keeps the worker awake a while longer (browsers stop an idle one).
  const ask = () => worker.controller?.postMessage({ type: 'FOLLOW_JOB', jobId, userId } satisfies FollowJobMessage);
  ask();
  const heartbeat = setInterval(ask, FOLLOW_HEARTBEAT_MS);
  // A page that could not run (frozen, paused) may have missed the news: ask again when it is
  // back in front; the worker repeats an ended job's view from what it kept.
  const onFront = () => {
    if (document.visibilityState === 'visible') ask();
  };
  window.addEventListener('focus', onFront);
  document.addEventListener('visibilitychange', onFront);

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
    stop() {
      clearInterval(heartbeat);
      window.removeEventListener('focus', onFront);
      document.removeEventListener('visibilitychange', onFront);
      channel.close();
    },
  };
}
