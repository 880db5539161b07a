// The queue screen's data (issue 29): GET /api/jobs (queued and running first in queue order, then
// finished newest first; `limit`/`cursor` pages), kept live by the service worker's poller: each
// queued or running job is followed there (one BroadcastChannel, sw/jobPoller.ts), its views
// update the list at once, and a job that changes state reloads the list for fresh positions and
// ETAs. Without a worker the list is read again every 5 s while anything waits or runs.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobView } from '../../contract/studio';
import { api, ApiError } from '../api/client';
import { getSession, SessionKey } from '../lib/session';
import { watchInWorker, type WorkerWatch } from './workerJobs';

/** A job as the list shows it: while queued its 1-based `position` among the user's queued jobs, while queued or running its `eta_seconds`. */
export type QueueJob = JobView;

interface JobPage {
  jobs: QueueJob[];
  next_cursor?: string | null;
}

export const QUEUE_PAGE = 50;
const POLL_WITHOUT_WORKER_MS = 5000;

export const isActive = (job: JobView): boolean => job.status === 'queued' || job.status === 'running';

export type QueueState = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; jobs: QueueJob[]; next: string | null; more: 'idle' | 'loading' | 'error' };

const loadPage = async (cursor: string | null): Promise<JobPage> =>
  (await api.get<JobPage>(`/jobs?limit=${QUEUE_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).data;

const errorText = (err: unknown) => (err instanceof ApiError && err.status === 0 ? 'Your queue could not be loaded: you seem to be offline.' : 'Your queue could not be loaded. Please try again.');

/** The list, `reload()` (after an action), `loadMore()`, and `replace(job)` for an action's answer. */
export function useQueue() {
  const [queue, setQueue] = useState<QueueState>({ state: 'loading' });
  const current = useRef(queue);
  current.current = queue;
  const run = useRef(0);

  /** Reads the list again; false when this read failed (what is shown stays). */
  const reload = useCallback(async (): Promise<boolean> => {
    const mine = ++run.current;
    try {
      // The first page again, as long as what was shown (a reload keeps the pages loaded).
      const page = await loadPage(null);
      if (mine === run.current) setQueue((q) => ({ state: 'ready', jobs: page.jobs, next: page.next_cursor ?? null, more: q.state === 'ready' ? q.more : 'idle' }));
      return true;
    } catch (err) {
      // A failed refresh keeps what is shown; only a first load shows the error.
      if (mine === run.current && current.current.state !== 'ready') setQueue({ state: 'error', message: errorText(err) });
      return false;
    }
  }, []);

  const loadMore = useCallback(async () => {
    const q = current.current;
    if (q.state !== 'ready' || !q.next || q.more === 'loading') return;
    setQueue({ ...q, more: 'loading' });
    try {
      const page = await loadPage(q.next);
      setQueue((s) => {
        if (s.state !== 'ready') return s;
        const seen = new Set(s.jobs.map((j) => j.job_id));
        return { ...s, jobs: [...s.jobs, ...page.jobs.filter((j) => !seen.has(j.job_id))], next: page.next_cursor ?? null, more: 'idle' };
      });
    } catch {
      setQueue((s) => (s.state === 'ready' ? { ...s, more: 'error' } : s));
    }
  }, []);

  const replace = useCallback((job: JobView) => {
    setQueue((s) => (s.state === 'ready' ? { ...s, jobs: s.jobs.map((j) => (j.job_id === job.job_id ? { ...j, ...job } : j)) } : s));
  }, []);

  useEffect(() => void reload(), [reload]);

  // Live: the worker follows every job that waits or runs; a change of state reloads the list.
  const watch = useRef<WorkerWatch | null>(null);
  const reloadSoon = useRef<ReturnType<typeof setTimeout> | null>(null);
  const active = queue.state === 'ready' ? queue.jobs.filter(isActive).map((j) => j.job_id) : [];
  const activeKey = active.join(',');
  useEffect(() => {
    if (active.length === 0) return;
    if (!watch.current) {
      watch.current = watchInWorker(active, getSession(SessionKey.userId) ?? '', (view) => {
        const before = current.current.state === 'ready' ? current.current.jobs.find((j) => j.job_id === view.job_id) : undefined;
        replace(view);
        if (before && before.status !== view.status) {
          if (reloadSoon.current) clearTimeout(reloadSoon.current);
          reloadSoon.current = setTimeout(() => void reload(), 300);
        }
      });
    } else watch.current.add(active);
    if (watch.current) return;
    const timer = setInterval(() => void reload(), POLL_WITHOUT_WORKER_MS);
    return () => clearInterval(timer);
    // activeKey stands for `active`: a new array each render, the same jobs.
  }, [activeKey, reload, replace]);
  useEffect(
    () => () => {
      watch.current?.stop();
      watch.current = null;
      if (reloadSoon.current) clearTimeout(reloadSoon.current);
    },
    [],
  );

  return { queue, reload, loadMore, replace };
}
