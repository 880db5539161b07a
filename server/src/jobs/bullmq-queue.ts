// The job queue with REDIS_URL: jobs travel to the processes that run them through a BullMQ queue
// whose job id is ours (adding a job twice is a no-op). BullMQ delivers at least once; the jobs
// table stays the truth: a delivery first claims the job there, so a second delivery (a stalled
// job handed to another worker, a sweep, a duplicate) runs nothing twice and charges nothing twice.
// A delivery is a turn of a worker slot, not an order to run its own job: it claims the fairest due
// job of the table (repositories/jobs.ts claim: users round-robin, then each user's own order), and
// sends its own job round again while that is still queued (issue 29; BullMQ's groups are paid).
// A slow sweep of the table sends due jobs again, for those queued before Redis had them or whose
// Redis entry was lost. Cancels and "settled" wake-ups cross processes as Redis messages.
import { DelayedError, Queue, Worker, type Job as BullJob } from 'bullmq';
import type { RedisConfig } from '../config/index.ts';
import { closeRedis, redisClient } from '../redis.ts';
import { redisJobEvents } from './events.ts';
import { newOwnerId } from '../leased-pump.ts';
import { cancelHere, type JobQueue } from './queue.ts';
import { MAX_ATTEMPTS, runJob, type RunnerDeps } from './runner.ts';
import { isoAt } from '../time.ts';

export const QUEUE_NAME = 'jobs';
/** How often a process that runs jobs sends due jobs of the table to the queue again. */
const SWEEP_MS = 15_000;
const SWEEP_BATCH = 500;
/** A job delivered before it was due waits at least this long (clocks of processes differ a little). */
const NOT_DUE_WAIT_MS = 250;
/** Done deliveries leave Redis, so the same job id can be sent again later (a retry, a sweep). */
const DELIVERY = { removeOnComplete: true, removeOnFail: true } as const;

interface Delivery {
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
  const queue = new Queue<Delivery>(QUEUE_NAME, { connection, prefix: redis.prefix });
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
  let worker: Worker<Delivery> | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;

  const send = (ids: string[]) => queue.addBulk(ids.map((jobId) => ({ name: 'run', data: { jobId }, opts: { jobId, ...DELIVERY } })));

  let sweeping = false;
  async function sweep(): Promise<void> {
    // One at a time: while Redis is away a send waits for it, and sweeps must not pile up.
    if (sweeping) return;
    sweeping = true;
    try {
      const ids = await repo.dueIds(isoAt(deps.now()), SWEEP_BATCH);
      if (ids.length > 0) await send(ids);
    } catch (err) {
      log.warn({ err }, 'could not send due jobs to the queue');
    } finally {
      sweeping = false;
    }
  }

  /** Runs the fairest due job for a delivery of `jobId`; answers when to deliver `jobId` again, or null when done with it. */
  async function runDelivered(jobId: string): Promise<number | null> {
    const now = deps.now();
    const claimed = await repo.claim(owner, isoAt(now), isoAt(now + deps.leaseMs));
    if (claimed) await runJob(claimed, runnerDeps, shutdown.signal, cancels);
    const job = await repo.byId(jobId);
    if (!job) return null;
    if (job.status === 'queued') {
      // Not its turn yet (another job was fairer), or back in the queue (a retry after its backoff,
      // or this process stopping): deliver it again when due.
      const due = job.run_after ? Date.parse(job.run_after) : Date.now();
      // Delivered before it was due (clocks differ between processes): never spin on it.
      return claimed ? due : Math.max(due, Date.now() + NOT_DUE_WAIT_MS);
    }
    // Another process holds a live lease (this was a second delivery): look again once it would have lapsed.
    if (job.status === 'running' && job.lease_owner !== owner && job.lease_until) return Date.parse(job.lease_until) + 1_000;
    return null;
  }

  async function deliver(delivery: BullJob<Delivery>, token?: string): Promise<void> {
    const again = await runDelivered(delivery.data.jobId);
    if (again === null) return;
    await delivery.moveToDelayed(Math.max(again, Date.now()), token);
    throw new DelayedError();
  }

  return {
    notify(jobId) {
      if (jobId === undefined) void sweep();
      else send([jobId]).catch((err: unknown) => log.warn({ err, jobId }, 'could not queue a job in Redis: the sweep will send it'));
    },
    start() {
      if (worker) return;
      worker = new Worker<Delivery>(QUEUE_NAME, deliver, {
        connection,
        prefix: redis.prefix,
        concurrency: deps.concurrency,
        // BullMQ's lock follows our lease, so a dead worker's job is handed on about when its lease lapses.
        lockDuration: deps.leaseMs,
        stalledInterval: deps.leaseMs,
        maxStalledCount: MAX_ATTEMPTS,
      });
      worker.on('error', () => undefined); // the connection's own listener logs it
      worker.on('failed', (delivery, err) => log.warn({ err, jobId: delivery?.data.jobId }, 'a job delivery failed: the sweep sends the job again if it is still due'));
      sweepTimer = setInterval(() => void sweep(), deps.sweepMs ?? SWEEP_MS);
      sweepTimer.unref();
      void sweep();
    },
    async stop() {
      clearInterval(sweepTimer);
      shutdown.abort();
      // Waits for running deliveries: their jobs go back to the table's queue and to Redis, delayed to now.
      await worker?.close();
      await Promise.allSettled([queue.close(), events.close()]);
      await closeRedis(connection);
    },
    cancel(jobId) {
      if (!cancelHere(cancels, jobId)) events.publish('cancel', jobId);
    },
  };
}
