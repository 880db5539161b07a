// The claim-and-run loop of background work kept as table rows with a lease (jobs/queue.ts runs
// jobs with it, developer/sender.ts webhook deliveries): claims what is due through a callback,
// with a lease that lets another process take it over if this one dies, runs each piece, and claims
// again when woken, every pollMs anyway (work coming due, leases lapsing, rows added by other
// processes) and, with a bounded pool, when a run frees a slot. One claim loop at a time: a wake
// during one runs another after it, so nothing added meanwhile waits for the poll. The rows stay
// the truth: stopping waits for what runs, then lets the owner give back what it still holds.
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isoAt } from './time.ts';

/** A lease owner id unique to this process. */
export const newOwnerId = (): string => `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

/** The moment of a claim and the end of the lease it takes, as the ISO text the tables hold. */
export interface LeaseTimes {
  now: string;
  leaseUntil: string;
}

export interface LeasedPumpOptions<W> {
  /** Claims up to `max` due pieces of work, leased until `lease.leaseUntil`; fewer when fewer are due. */
  claim(max: number, lease: LeaseTimes): Promise<readonly W[]>;
  /** Runs one claimed piece to its end; `stopping` aborts when the pump stops. */
  run(work: W, stopping: AbortSignal): Promise<void>;
  /** A claim failed (`work` undefined) or a run threw: the pump goes on. */
  onError(err: unknown, work?: W): void;
  /** Gives back, after stop(), whatever the owner still holds. */
  release?(): Promise<void>;
  now: () => number;
  leaseMs: number;
  pollMs: number;
  /** Pieces run at once at most (Infinity: no bound; then a run's end does not claim again). */
  concurrency: number;
  /** Pieces asked for by one claim; a claim answering fewer ends the loop. */
  batch: number;
}

export interface LeasedPump {
  /** Starts the poll and claims at once. */
  start(): void;
  /** Claims what is due now (a second wake during a claim loop runs one more after it). */
  wake(): void;
  /** Stops claiming, aborts `stopping`, waits for the claim loop and the runs, then release(). */
  stop(): Promise<void>;
  /**
   * Resolves once nothing runs and nothing is due at `now()`: what is due is claimed and run first.
   * Tests await it instead of sleeping until "nothing more happens". Work another process holds is
   * that process's to finish (await its pump too).
   */
  idle(): Promise<void>;
}

export function leasedPump<W>(opts: LeasedPumpOptions<W>): LeasedPump {
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  /** Every piece claimed: idle() tells from it whether a claim loop found work. */
  let claimedTotal = 0;
  let looping: Promise<void> | null = null;
  let wokenMeanwhile = false;

  async function claimLoop(): Promise<void> {
    while (running.size < opts.concurrency && !stopping.signal.aborted) {
      const at = opts.now();
      const max = Math.min(opts.batch, opts.concurrency - running.size);
      const claimed = await opts.claim(max, { now: isoAt(at), leaseUntil: isoAt(at + opts.leaseMs) });
      claimedTotal += claimed.length;
      // Claimed is ours to run even when stop() came meanwhile: a run sees `stopping` and gives it back.
      for (const work of claimed) {
        const run: Promise<void> = opts
          .run(work, stopping.signal)
          .catch((err: unknown) => opts.onError(err, work))
          .finally(() => {
            running.delete(run);
            if (Number.isFinite(opts.concurrency)) wake();
          });
        running.add(run);
      }
      if (claimed.length < max) return;
    }
  }

  function wake(): void {
    if (!started || stopping.signal.aborted) return;
    if (looping) {
      wokenMeanwhile = true;
      return;
    }
    looping = claimLoop()
      .catch((err: unknown) => opts.onError(err))
      .finally(() => {
        looping = null;
        if (wokenMeanwhile) {
          wokenMeanwhile = false;
          wake();
        }
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      timer = setInterval(wake, opts.pollMs);
      timer.unref();
      wake();
    },
    wake,
    async stop() {
      clearInterval(timer);
      stopping.abort();
      await looping;
      await Promise.allSettled([...running]);
      await opts.release?.();
    },
    async idle() {
      for (;;) {
        if (looping) await looping;
        else if (running.size > 0) await Promise.allSettled([...running]);
        else if (!started || stopping.signal.aborted) return;
        else {
          const before = claimedTotal;
          wake();
          await looping;
          if (claimedTotal === before && running.size === 0 && !looping) return;
        }
      }
    },
  };
}
