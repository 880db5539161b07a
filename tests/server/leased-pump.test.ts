// The leased pump both background loops run on (server/src/leased-pump.ts: the job queue and the
// webhook sender): claims with lease times from its clock, a bounded pool refilled as runs end,
// batches while a claim comes back full, one claim loop at a time with a wake during one honoured
// after it, errors reported without stopping, idle() for tests, and a stop that waits for the runs
// (claimed ones included) before the owner gives back what it holds. The poll is set out of reach,
// so everything here happens through wakes and run ends.
import { describe, expect, it } from 'vitest';
import { leasedPump, type LeaseTimes, type LeasedPumpOptions } from '../../server/src/leased-pump.ts';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const NO_POLL = 3_600_000;

/** A queue of numbered pieces of work; each run waits until the test lets it end. */
function workTable(count: number) {
  const due = Array.from({ length: count }, (_, i) => i);
  const ran: number[] = [];
  const claims: { max: number; lease: LeaseTimes }[] = [];
  const gates = new Map<number, () => void>();
  let runningNow = 0;
  let mostAtOnce = 0;
  const options = {
    claim: async (max: number, lease: LeaseTimes) => {
      claims.push({ max, lease });
      return due.splice(0, max);
    },
    run: async (work: number) => {
      runningNow++;
      mostAtOnce = Math.max(mostAtOnce, runningNow);
      await new Promise<void>((resolve) => gates.set(work, resolve));
      ran.push(work);
      runningNow--;
    },
    onError: (err: unknown) => {
      throw err;
    },
    now: () => NOW,
    leaseMs: 30_000,
    pollMs: NO_POLL,
  } satisfies Partial<LeasedPumpOptions<number>>;
  /** Lets every run started so far end, until nothing runs. */
  const finishAll = async () => {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (gates.size === 0) return;
      for (const [work, open] of gates) {
        gates.delete(work);
        open();
      }
    }
  };
  return { due, ran, claims, gates, options, finishAll, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('leased pump', () => {
  it('a bounded pool runs at most `concurrency` at once, claims one at a time with the lease from its clock, and refills as runs end', async () => {
    const table = workTable(5);
    const pump = leasedPump({ ...table.options, concurrency: 2, batch: 1 });
    pump.start();
    await settle();
    expect([...table.gates.keys()]).toEqual([0, 1]);
    expect(table.claims[0]).toEqual({ max: 1, lease: { now: '2026-11-26T12:00:00.000Z', leaseUntil: '2026-11-26T12:00:30.000Z' } });
    const idle = pump.idle();
    await table.finishAll();
    await idle;
    expect(table.ran.sort()).toEqual([0, 1, 2, 3, 4]);
    expect(table.mostAtOnce()).toBe(2);
    await pump.stop();
  });

  it('an unbounded pool claims a batch at a time while claims come back full', async () => {
    const table = workTable(25);
    const pump = leasedPump({ ...table.options, concurrency: Infinity, batch: 10 });
    pump.start();
    await settle();
    // 10, 10, then 5 (fewer than asked: the loop ends).
    expect(table.claims.map((c) => c.max)).toEqual([10, 10, 10]);
    expect(table.gates.size).toBe(25);
    await table.finishAll();
    // A run's end does not claim again when the pool has no bound.
    expect(table.claims).toHaveLength(3);
    await pump.stop();
  });

  it('a wake during a claim loop runs one more loop after it; a wake before start does nothing', async () => {
    const table = workTable(0);
    let releaseClaim!: () => void;
    let claimsStarted = 0;
    const pump = leasedPump({
      ...table.options,
      concurrency: Infinity,
      batch: 10,
      claim: async (max, lease) => {
        claimsStarted++;
        if (claimsStarted === 1) await new Promise<void>((resolve) => (releaseClaim = resolve));
        return table.options.claim(max, lease);
      },
    });
    pump.wake();
    expect(claimsStarted).toBe(0);
    pump.start();
    await settle();
    expect(claimsStarted).toBe(1);
    // Added while the first claim runs: without the second loop it would wait for the poll.
    table.due.push(7);
    pump.wake();
    pump.wake();
    releaseClaim();
    const idle = pump.idle();
    await table.finishAll();
    await idle;
    expect(table.ran).toEqual([7]);
    expect(claimsStarted).toBeGreaterThanOrEqual(2);
    await pump.stop();
  });

  it('claim and run errors are reported and the pump goes on', async () => {
    const errors: { message: string; work?: number }[] = [];
    let failClaim = true;
    const table = workTable(2);
    const pump = leasedPump({
      ...table.options,
      concurrency: 1,
      batch: 1,
      claim: async (max, lease) => {
        if (failClaim) {
          failClaim = false;
          throw new Error('database away');
        }
        return table.options.claim(max, lease);
      },
      run: async (work) => {
        if (work === 0) throw new Error('crashed');
        table.ran.push(work);
      },
      onError: (err, work) => errors.push({ message: (err as Error).message, ...(work === undefined ? {} : { work }) }),
    });
    pump.start();
    await settle();
    expect(errors).toEqual([{ message: 'database away' }]);
    pump.wake();
    await pump.idle();
    expect(errors).toEqual([{ message: 'database away' }, { message: 'crashed', work: 0 }]);
    expect(table.ran).toEqual([1]);
    await pump.stop();
  });

  it('stop aborts `stopping`, waits for every run (one claimed during the stop too), then releases; nothing is claimed after', async () => {
    const events: string[] = [];
    let releaseClaim!: () => void;
    let claims = 0;
    const pump = leasedPump<string>({
      claim: async () => {
        claims++;
        if (claims === 2) {
          await new Promise<void>((resolve) => (releaseClaim = resolve));
          return ['claimed while stopping'];
        }
        return claims === 1 ? ['running'] : [];
      },
      run: async (work, stopping) => {
        if (!stopping.aborted) await new Promise((resolve) => stopping.addEventListener('abort', resolve, { once: true }));
        await settle();
        events.push(`${work} ended (stopping: ${stopping.aborted})`);
      },
      onError: (err) => {
        throw err;
      },
      release: async () => void events.push('released'),
      now: () => NOW,
      leaseMs: 1_000,
      pollMs: NO_POLL,
      concurrency: Infinity,
      batch: 1,
    });
    pump.start();
    await settle();
    // The first claim took one (a full batch): the loop claims again and waits there.
    expect(claims).toBe(2);
    const stopped = pump.stop();
    releaseClaim();
    await stopped;
    expect(events).toEqual(['running ended (stopping: true)', 'claimed while stopping ended (stopping: true)', 'released']);
    pump.wake();
    await pump.idle();
    expect(claims).toBe(2);
  });

  it('idle() resolves at once before start, and waits for work that is due', async () => {
    const table = workTable(1);
    const pump = leasedPump({ ...table.options, concurrency: 1, batch: 1 });
    await pump.idle();
    expect(table.claims).toHaveLength(0);
    pump.start();
    let idle = false;
    const waiting = pump.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    await table.finishAll();
    await waiting;
    expect(table.ran).toEqual([0]);
    await pump.stop();
  });
});
