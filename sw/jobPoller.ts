/// <reference lib="webworker" />
// The job poller (issue 15, ARCHITECTURE §5): the worker follows the generation jobs pages ask
// it to, polling GET /api/jobs/{id} with backoff (2 s growing to 30 s) while any window of the
// app is open, hidden ones included (a hidden tab's own timers are throttled, the worker's are
// not). Every answer goes to every page on JOBS_CHANNEL; an ended job's view stays in IndexedDB
// for a page opened later; a long job that ends while no page is in view shows a notification.
import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval';
import type { JobView } from '../contract/studio';
import { LONG_JOB_KINDS } from '../contract/capability-facts';
import { JOBS_CHANNEL, JOBS_DB, type JobNews } from '../contract/sw-messages';
import { swCredentials } from './swSession';
import { isFinalJobStatus } from '../contract/job-status';

declare const self: ServiceWorkerGlobalScope;

const FIRST_DELAY_MS = 2_000;
const MAX_DELAY_MS = 30_000;
/** Ended jobs' views are kept this long for pages that open later. */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;

interface FollowedJob {
  jobId: string;
  userId: string;
  since: number;
  /** The job's last view once it ended. */
  ended?: JobView;
}

/** When each job is next polled, and its current delay (the backoff lives only while the worker does). */
interface Schedule {
  at: number;
  delay: number;
}

let store: UseStore | null = null;
const jobs = () => (store ??= createStore(JOBS_DB.name, JOBS_DB.store));

export function jobPoller(apiBase: string) {
  const channel = new BroadcastChannel(JOBS_CHANNEL);
  const schedule = new Map<string, Schedule>();
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  /** A newer worker took over: this one follows nothing more (see WorkerHandOver). */
  let handedOver = false;

  const announce = (job: JobView) => channel.postMessage({ type: 'JOB_UPDATE', jobId: job.job_id, job } satisfies JobNews);

  async function followed(): Promise<FollowedJob[]> {
    const all = (await entries<string, FollowedJob>(jobs())).map(([, job]) => job);
    for (const old of all.filter((j) => j.ended && Date.now() - j.since > KEEP_ENDED_MS)) await del(old.jobId, jobs());
    return all.filter((j) => !j.ended);
  }

  async function notifyEnded(job: JobView): Promise<void> {
    if (job.status !== 'succeeded' || !LONG_JOB_KINDS.has(job.kind)) return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const windows = await self.clients.matchAll({ type: 'window' });
    // Someone is looking at the app: the page itself shows the result.
    if (windows.some((w) => w.visibilityState === 'visible' && w.focused)) return;
    const what = job.kind === 'music' ? 'song' : job.kind === 'upscale' ? 'upscaled picture' : 'video';
    await self.registration.showNotification(`Your ${what} is ready`, {
      body: 'Open your gallery to see it.',
      tag: `job-${job.job_id}`,
      icon: '/icons/icon-192.png',
      data: { url: '/gallery' },
    });
  }

  /**
   * One poll of one job: 'again' while it runs (or the answer did not come), 'ended' once it has
   * ended (its view kept), 'drop' when it is not to follow (signed out, another user, refused).
   */
  async function poll(job: FollowedJob): Promise<'again' | 'ended' | 'drop'> {
    let creds = await swCredentials(apiBase);
    if (!creds || creds.userId !== job.userId) return 'drop';
    const request = (token: string) => fetch(`${apiBase}/jobs/${encodeURIComponent(job.jobId)}`, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
    let res = await request(creds.accessToken);
    if (res.status === 401) {
      creds = await swCredentials(apiBase, creds.accessToken);
      if (!creds || creds.userId !== job.userId) return 'drop';
      res = await request(creds.accessToken);
    }
    if (res.status >= 400 && res.status < 500) return 'drop'; // not ours, or gone: the page's own poll says why
    if (!res.ok) return 'again'; // the server is struggling: try again later
    const view = (await res.json()) as JobView;
    announce(view);
    if (!isFinalJobStatus(view.status)) return 'again';
    await set(job.jobId, { ...job, ended: view }, jobs());
    await notifyEnded(view).catch(() => undefined);
    return 'ended';
  }

  async function pollDue(pending: FollowedJob[]): Promise<void> {
    for (const job of pending) {
      const due = schedule.get(job.jobId) ?? { at: 0, delay: FIRST_DELAY_MS };
      if (due.at > Date.now()) continue;
      let outcome: Awaited<ReturnType<typeof poll>> = 'again';
      try {
        outcome = await poll(job);
      } catch {
        // No network: keep following at the growing delay.
      }
      if (outcome !== 'again') {
        schedule.delete(job.jobId);
        if (outcome === 'drop') await del(job.jobId, jobs());
        continue;
      }
      schedule.set(job.jobId, { at: Date.now() + due.delay, delay: Math.min(MAX_DELAY_MS, Math.round(due.delay * 1.5)) });
    }
  }

  async function run(): Promise<void> {
    for (;;) {
      if (handedOver) return;
      const windows = await self.clients.matchAll({ type: 'window' });
      if (windows.length === 0) return; // nobody to tell: a page that opens asks again
      const pending = await followed();
      if (pending.length === 0) return;
      await pollDue(pending);
      if (handedOver) return;
      const next = Math.min(...pending.map((j) => schedule.get(j.jobId)?.at ?? 0));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(200, next - Date.now()));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    /** A newer worker takes over: stop following (what IndexedDB keeps is where it goes on from). */
    stop(): void {
      handedOver = true;
      wake?.();
    },
    /**
     * Follows `jobId` for `userId`, polling it now (again: a repeat also keeps the worker busy). A
     * job that has already ended is announced at once from what was kept. Resolves when nothing is
     * left to follow.
     */
    async follow(jobId: string, userId: string): Promise<void> {
      const stored = await get<FollowedJob>(jobId, jobs());
      if (stored?.ended) {
        if (stored.userId === userId) announce(stored.ended);
        return;
      }
      if (!stored) await set(jobId, { jobId, userId, since: Date.now() } satisfies FollowedJob, jobs());
      // New, or asked again (a page back in front, or its heartbeat): polled now, at the delay it
      // had. A page coming back shows the job as it is, not as it was up to 30 s ago; the
      // heartbeat (50 s) asks less often than the longest delay, so it adds no polls.
      schedule.set(jobId, { at: 0, delay: schedule.get(jobId)?.delay ?? FIRST_DELAY_MS });
      wake?.();
      if (handedOver) return;
      loop ??= run().finally(() => {
        loop = null;
      });
      return loop;
    },
  };
}
