// The job queue's contract and its in-process implementation: a pool of WORKER_CONCURRENCY slots
// (a leased pump, ../leased-pump.ts) that claims due jobs from the database when told a job was
// added, and every POLL_MS anyway (retries coming due, leases lapsing, jobs added by other
// processes). The jobs table is the queue's truth, so nothing queued is lost on restart; the
// distributed queue (BullMQ, bullmq-queue.ts) replaces only the wake-ups, not the claim.
import { leasedPump, newOwnerId } from '../leased-pump.ts';
import { runJob, Stop, type RunnerDeps } from './runner.ts';

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

/** The in-process queue can tell when it has nothing left to do (the BullMQ one cannot: other processes run jobs). */
export interface InProcessQueue extends JobQueue {
  /** Resolves once no job runs here and none is due: tests await it instead of polling. */
  idle(): Promise<void>;
}

const POLL_MS = 1_000;

export function inProcessQueue(deps: Omit<RunnerDeps, 'owner'> & { owner?: string; concurrency: number }): InProcessQueue {
  const owner = deps.owner ?? newOwnerId();
  const runnerDeps: RunnerDeps = { ...deps, owner };
  const cancels = new Map<string, AbortController>();
  const pump = leasedPump({
    // The repository's claim takes the fairest due job, one at a time.
    async claim(_max, { now, leaseUntil }) {
      const job = await deps.repo.claim(owner, now, leaseUntil);
      return job ? [job] : [];
    },
    run: (job, stopping) => runJob(job, runnerDeps, stopping, cancels),
    onError: (err, job) => (job ? deps.log.error({ err, jobId: job.id }, 'job runner crashed') : deps.log.error({ err }, 'could not claim jobs')),
    now: deps.now,
    // The runner renews the lease while the job runs (its heartbeat).
    leaseMs: deps.leaseMs,
    pollMs: POLL_MS,
    concurrency: deps.concurrency,
    batch: 1,
  });

  return {
    notify: () => pump.wake(),
    start: pump.start,
    // The runners put their jobs back in the queue (shutdown); no lease is left to give back.
    stop: pump.stop,
    idle: pump.idle,
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
