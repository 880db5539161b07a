// The job queue's contract and its in-process implementation: a pool of WORKER_CONCURRENCY slots
// that claims due jobs from the database when told a job was added, and every POLL_MS anyway
// (retries coming due, leases lapsing, jobs added by other processes). The jobs table is the
// queue's truth, so nothing queued is lost on restart; the distributed queue (BullMQ, bullmq-queue.ts)
// replaces only the wake-ups, not the claim.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { runJob, Stop, type RunnerDeps } from './runner.ts';
import { isoAt } from '../time.ts';

export interface JobQueue {
  /** Job `jobId` was added (or, without an id, jobs may have become due): have it run. */
  notify(jobId?: string): void;
  /** Starts taking jobs (only in a process that runs jobs). */
  start(): void;
  /** Stops taking jobs (running ones are stopped and put back in the queue) and lets go of connections. */
  stop(): Promise<void>;
  /**
   * A cancel was recorded for a running job: stop it now where it runs, here or (with Redis) in
   * another process. Without Redis another process's runner sees it at its next heartbeat.
   */
  cancel(jobId: string): void;
}

const POLL_MS = 1_000;

/** A lease owner id unique to this process. */
export const newOwnerId = (): string => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

export function inProcessQueue(deps: Omit<RunnerDeps, 'owner'> & { owner?: string; concurrency: number }): JobQueue {
  const owner = deps.owner ?? newOwnerId();
  const runnerDeps: RunnerDeps = { ...deps, owner };
  const shutdown = new AbortController();
  const cancels = new Map<string, AbortController>();
  const running = new Set<Promise<void>>();
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let pumping = false;
  let again = false;

  async function pump(): Promise<void> {
    if (!started || shutdown.signal.aborted) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    try {
      do {
        again = false;
        while (running.size < deps.concurrency && !shutdown.signal.aborted) {
          const now = deps.now();
          const job = await deps.repo.claim(owner, isoAt(now), isoAt(now + deps.leaseMs));
          if (!job) break;
          const run = runJob(job, runnerDeps, shutdown.signal, cancels)
            .catch((err: unknown) => deps.log.error({ err, jobId: job.id }, 'job runner crashed'))
            .finally(() => {
              running.delete(run);
              void pump();
            });
          running.add(run);
        }
      } while (again && !shutdown.signal.aborted);
    } catch (err) {
      deps.log.error({ err }, 'could not claim jobs');
    } finally {
      pumping = false;
    }
  }

  return {
    notify: () => void pump(),
    start() {
      if (started) return;
      started = true;
      timer = setInterval(() => void pump(), POLL_MS);
      timer.unref();
      void pump();
    },
    async stop() {
      clearInterval(timer);
      shutdown.abort();
      await Promise.allSettled([...running]);
    },
    cancel: (jobId) => void cancelHere(cancels, jobId),
  };
}

/** Aborts a job running in this process with a cancel; false when it does not run here. */
export function cancelHere(cancels: Map<string, AbortController>, jobId: string): boolean {
  const controller = cancels.get(jobId);
  if (!controller) return false;
  controller.abort(new Stop('cancel'));
  return true;
}
