// The job queue with REDIS_URL: each job added sends a BullMQ job named `wake` through Redis to the
// processes that run jobs; its BullMQ id is our job's id (sending one twice is a no-op). A wake is a
// turn of a worker slot, not an order to run that job: the slot claims the fairest due job of the
// table (repositories/jobs.ts claim, jobs/fairness.ts: users round-robin, then each user's own
// order), which may be another user's, and sends the wake again while the job it was sent for is
// still queued (issue 29; BullMQ's groups are paid). BullMQ delivers at least once; the jobs table
// stays the truth: a second wake (a stalled one handed to another worker, a sweep, a duplicate)
// claims at most what is due, so nothing runs or is charged twice.
// A slow sweep of the table sends wakes for due jobs again, for those queued before Redis had them or
// whose wake was lost. Cancels and "settled" wake-ups cross processes as Redis messages.
import { DelayedError, Queue, Worker, type Job as BullJob } from 'bullmq';
import type { RedisConfig } from '../config/index.ts';
import { closeRedis, redisClient } from '../redis.ts';
import { redisJobEvents } from './events.ts';
import { newOwnerId } from '../leased-pump.ts';
import { cancelHere, type JobQueue } from './queue.ts';
import { MAX_ATTEMPTS, runJob, type RunnerDeps } from './runner.ts';
import { isoAt } from '../time.ts';

export const QUEUE_NAME = 'jobs';
/** How often a process that runs jobs sends a wake for each due job of the table again. */
const SWEEP_MS = 15_000;
const SWEEP_BATCH = 500;
/** A wake for a job not yet due waits at least this long (clocks of processes differ a little). */
const NOT_DUE_WAIT_MS = 250;
/** Done wakes leave Redis, so a wake for the same job can be sent again later (a retry, a sweep). */
const WAKE_OPTIONS = { removeOnComplete: true, removeOnFail: true } as const;
/**
 * The BullMQ job's name. Before it was 'run', with the same data: the Worker takes every job of the
 * queue whatever its name and reads only `data.jobId`, so 'run' jobs still in Redis during an
 * upgrade are handled as wakes (jobs-bullmq.test.ts adds one by hand).
 */
const WAKE = 'wake';

/** What a wake carries (kept as it was, for wakes queued by an older version). */
interface Wake {
  /** The job this wake was sent for; the slot it wakes may run another. */
  jobId: string;
}

export interface BullmqQueueDeps extends Omit<RunnerDeps, 'owner'> {
  owner?: string;
  concurrency: number;
  redis: RedisConfig;
  sweepMs?: number;
}

export function bullmqQueue(deps: BullmqQueueDeps): JobQueue {
  const { repo, log, redis } = deps;
  const owner = deps.owner ?? newOwnerId();
  // The Worker makes its own copies of it (ioredis' duplicate), the blocking one among them.
  const connection = redisClient(redis, 'jobs', log);
  const queue = new Queue<Wake>(QUEUE_NAME, { connection, prefix: redis.prefix });
  queue.on('error', () => undefined); // the connection's own listener logs it
  const events = redisJobEvents(redis, log);
  const shutdown = new AbortController();
  const cancels = new Map<string, AbortController>();
  const runnerDeps: RunnerDeps = {
    ...deps,
    owner,
    onSettled(jobId) {
      deps.onSettled(jobId);
      events.publish('settled', jobId);
    },
  };
  events.on('settled', deps.onSettled);
  events.on('cancel', (jobId) => void cancelHere(cancels, jobId));
  let worker: Worker<Wake> | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  /** Sends a wake for each job (its BullMQ id is the job's, so one already waiting is not sent twice). */
  const wake = (ids: string[]) => queue.addBulk(ids.map((jobId) => ({ name: WAKE, data: { jobId }, opts: { jobId, ...WAKE_OPTIONS } })));

  let sweeping = false;
  async function sweep(): Promise<void> {
    // One at a time: while Redis is away a send waits for it, and sweeps must not pile up.
    if (sweeping) return;
    sweeping = true;
    try {
      const ids = await repo.dueIds(isoAt(deps.now()), SWEEP_BATCH);
      if (ids.length > 0) await wake(ids);
    } catch (err) {
      log.warn({ err }, 'could not send wakes for due jobs to the queue');
    } finally {
      sweeping = false;
    }
  }

  /** A wake sent for `jobId`: runs the fairest due job; answers when to wake again for `jobId`, or null when done with it. */
  async function takeTurn(jobId: string): Promise<number | null> {
    const now = deps.now();
    const claimed = await repo.claim(owner, isoAt(now), isoAt(now + deps.leaseMs));
    if (claimed) await runJob(claimed, runnerDeps, shutdown.signal, cancels);
    const job = await repo.byId(jobId);
    if (!job) return null;
    if (job.status === 'queued') {
      // Not its turn yet (another job was fairer), or back in the queue (a retry after its backoff,
      // or this process stopping): wake again when it is due.
      const due = job.run_after ? Date.parse(job.run_after) : Date.now();
      // Woken before it was due (clocks differ between processes): never spin on it.
      return claimed ? due : Math.max(due, Date.now() + NOT_DUE_WAIT_MS);
    }
    // Another process holds a live lease (this was a second wake): look again once it would have lapsed.
    if (job.status === 'running' && job.lease_owner !== owner && job.lease_until) return Date.parse(job.lease_until) + 1_000;
    return null;
  }

  async function onWake(woken: BullJob<Wake>, token?: string): Promise<void> {
    const again = await takeTurn(woken.data.jobId);
    if (again === null) return;
    await woken.moveToDelayed(Math.max(again, Date.now()), token);
    throw new DelayedError();
  }

  return {
    notify(jobId) {
      if (jobId === undefined) void sweep();
      else wake([jobId]).catch((err: unknown) => log.warn({ err, jobId }, 'could not queue a job in Redis: the sweep will send it'));
    },
    start() {
      if (worker) return;
      worker = new Worker<Wake>(QUEUE_NAME, onWake, {
        connection,
        prefix: redis.prefix,
        concurrency: deps.concurrency,
        // BullMQ's lock follows our lease, so a dead worker's job is handed on about when its lease lapses.
        lockDuration: deps.leaseMs,
        stalledInterval: deps.leaseMs,
        maxStalledCount: MAX_ATTEMPTS,
      });
      worker.on('error', () => undefined); // the connection's own listener logs it
      worker.on('failed', (woken, err) => log.warn({ err, jobId: woken?.data.jobId }, 'a job wake failed: the sweep sends the job again if it is still due'));
      sweepTimer = setInterval(() => void sweep(), deps.sweepMs ?? SWEEP_MS);
      sweepTimer.unref();
      void sweep();
    },
    async stop() {
      clearInterval(sweepTimer);
      shutdown.abort();
      // Waits for running wakes: their jobs go back to the table's queue, and the wakes to Redis, delayed to now.
      await worker?.close();
      await Promise.allSettled([queue.close(), events.close()]);
      await closeRedis(connection);
    },
    cancel(jobId) {
      if (!cancelHere(cancels, jobId)) events.publish('cancel', jobId);
    },
  };
}
