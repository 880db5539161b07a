// The queue's estimates (issue 29): each queued job's position in its user's own order, and for
// queued and running jobs the seconds until they end. The queue is simulated by the rule the claim
// follows (fairness.ts): free worker slots go to the user with the fewest running jobs, then the
// one served longest ago, and to that user's first job; each job takes its (kind, engine)'s
// measured average run time (job_run_times), or the seed below while nothing is measured.
import type { JobKind } from './kinds.ts';
import { compareInUserOrder, compareTurns } from './fairness.ts';
import { runTimeKey, type JobsRepository, type OpenJob } from '../db/repositories/jobs.ts';
import { isoAt } from '../time.ts';

/** Run time assumed for a kind before any run of its engine was measured, when its engine has no calibrated figure (calibration.ts) (ms). */
const SEED_MS: Readonly<Record<JobKind, number>> = {
  face: 20_000,
  image: 40_000,
  swapImage: 20_000,
  swapVideo: 120_000,
  clothSwap: 40_000,
  imageToVideo: 120_000,
  music: 90_000,
  upscale: 15_000,
  talking: 30_000,
};
/** A running job past its expected time is still given this share of it. */
const OVERDUE_SHARE = 0.1;

export interface Estimate {
  /** 1-based rank among the user's queued jobs; null unless queued. */
  position: number | null;
  /** Seconds until the job ends; null unless queued or running. */
  eta_seconds: number | null;
}

export const NO_ESTIMATE: Estimate = { position: null, eta_seconds: null };

/** The expected run time of one job (ms). */
export function runTimeOf(job: Pick<OpenJob, 'kind' | 'engine'>, runTimes: ReadonlyMap<string, number>): number {
  return runTimes.get(runTimeKey(job.kind, job.engine)) ?? SEED_MS[job.kind as JobKind] ?? 60_000;
}

/** The simulated queue: every open job's estimate, and the queued jobs in the order they start. */
export interface QueueForecast {
  estimates: Map<string, Estimate>;
  starts: { id: string; at: number }[];
}

/**
 * The queue as it stands now, read through the repository and simulated; `calibrated` run times
 * (calibration.ts) stand in for the (kind, engine)s nothing was measured of yet.
 */
export async function forecastQueue(repo: Pick<JobsRepository, 'openJobs' | 'runTimes' | 'lastStarts'>, slots: number, nowMs: number, calibrated: ReadonlyMap<string, number> = new Map()): Promise<QueueForecast> {
  const runTimes = new Map([...calibrated, ...(await repo.runTimes())]);
  return simulateQueue(await repo.openJobs(), runTimes, slots, nowMs, await repo.lastStarts());
}

/** Estimates for every open job (simulateQueue's). */
export const estimateQueue = (...args: Parameters<typeof simulateQueue>): Map<string, Estimate> => simulateQueue(...args).estimates;

/**
 * Simulates the queue: `open` is every queued and running job, `slots` the worker slots the queue
 * runs at once, `lastStarts` when each user last had a job started (ISO; repository lastStarts).
 */
export function simulateQueue(open: readonly OpenJob[], runTimes: ReadonlyMap<string, number>, slots: number, nowMs: number, lastStarts: ReadonlyMap<string, string> = new Map()): QueueForecast {
  const out = new Map<string, Estimate>();
  const starts: QueueForecast['starts'] = [];
  const running = open.filter((j) => j.status === 'running');
  const queues = new Map<string, OpenJob[]>();
  for (const job of open) {
    if (job.status !== 'queued') continue;
    const q = queues.get(job.user_id) ?? [];
    q.push(job);
    queues.set(job.user_id, q);
  }
  for (const q of queues.values()) q.sort(compareInUserOrder);

  // In flight: when each slot's job ends, and whose it is.
  const flight: { end: number; user: string }[] = [];
  const runningOf = new Map<string, number>();
  const servedAt = new Map<string, string>(lastStarts);
  const served = (user: string, at: string) => {
    const last = servedAt.get(user);
    if (last === undefined || last < at) servedAt.set(user, at);
  };
  for (const job of running) {
    const expected = runTimeOf(job, runTimes);
    const started = job.started_at ?? isoAt(nowMs);
    const end = nowMs + Math.max(expected - (nowMs - Date.parse(started)), expected * OVERDUE_SHARE);
    flight.push({ end, user: job.user_id });
    runningOf.set(job.user_id, (runningOf.get(job.user_id) ?? 0) + 1);
    served(job.user_id, started);
    out.set(job.id, { position: null, eta_seconds: Math.ceil((end - nowMs) / 1000) });
  }
  for (const q of queues.values()) q.forEach((job, i) => out.set(job.id, { position: i + 1, eta_seconds: null }));

  // More jobs running than configured slots means more processes run them: count those too.
  const width = Math.max(1, slots, running.length);
  let t = nowMs;
  for (;;) {
    const waiting = [...queues.entries()].filter(([, q]) => q.length > 0);
    if (waiting.length === 0) break;
    if (flight.length >= width) {
      // Wait for the first slot to free up.
      flight.sort((a, b) => a.end - b.end);
      const done = flight.shift()!;
      t = Math.max(t, done.end);
      runningOf.set(done.user, (runningOf.get(done.user) ?? 1) - 1);
      continue;
    }
    const standing = (userId: string) => ({ userId, running: runningOf.get(userId) ?? 0, servedAt: servedAt.get(userId) ?? null });
    waiting.sort(([a], [b]) => compareTurns(standing(a), standing(b)));
    const [user, q] = waiting[0]!;
    const job = q.shift()!;
    const end = t + runTimeOf(job, runTimes);
    flight.push({ end, user });
    runningOf.set(user, (runningOf.get(user) ?? 0) + 1);
    served(user, isoAt(t));
    starts.push({ id: job.id, at: t });
    out.set(job.id, { position: out.get(job.id)!.position, eta_seconds: Math.ceil((end - nowMs) / 1000) });
  }
  return { estimates: out, starts };
}
