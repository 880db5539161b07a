// The queue's estimates (jobs/eta.ts), computed as the claim hands out work: positions in each
// user's own order, ETAs over the worker slots with users taken round-robin (fewest running, then
// served longest ago), running jobs' remaining time, measured run times over the seeds.
import { describe, expect, it } from 'vitest';
import { runTimeKey, type OpenJob } from '../../server/src/db/repositories/jobs.ts';
import { estimateQueue, forecastQueue } from '../../server/src/jobs/eta.ts';
import { calibratedRunTimes, LOCAL_REFERENCE, speedFactor } from '../../server/src/jobs/calibration.ts';

const NOW = Date.parse('2026-11-26T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();
let n = 0;
const job = (user: string, fields: Partial<OpenJob> = {}): OpenJob => ({
  id: `j${++n}`, user_id: user, kind: 'face', engine: 'local', status: 'queued', queue_order: n, batch_index: null, created_at: iso(NOW), started_at: null, progress: 0, ...fields,
});
const measured = (ms: number) => new Map([[runTimeKey('face', 'local'), ms]]);

describe('queue estimates', () => {
  it("one slot: another user's job goes between a batch's items, not after them", () => {
    const batch = Array.from({ length: 5 }, () => job('a'));
    const single = job('b');
    const est = estimateQueue([...batch, single], measured(10_000), 1, NOW);
    expect(batch.map((j) => est.get(j.id)!.position)).toEqual([1, 2, 3, 4, 5]);
    expect(est.get(single.id)!.position).toBe(1);
    // Neither user was served yet: 'a' first by id, then 'b', then the rest of 'a'.
    expect(batch.map((j) => est.get(j.id)!.eta_seconds)).toEqual([10, 30, 40, 50, 60]);
    expect(est.get(single.id)!.eta_seconds).toBe(20);
  });

  it('a running job counts its remaining time; its user waits their turn behind the others', () => {
    const running = job('a', { status: 'running', started_at: iso(NOW - 4_000) });
    const next = job('a');
    const other = job('b');
    const est = estimateQueue([running, next, other], measured(10_000), 1, NOW);
    expect(est.get(running.id)).toEqual({ position: null, eta_seconds: 6 });
    // 'b' has none running: it takes the slot when it frees (at 6 s), 'a' after it.
    expect(est.get(other.id)!.eta_seconds).toBe(16);
    expect(est.get(next.id)!.eta_seconds).toBe(26);
    // An overdue job still has a tenth of its time left.
    const late = job('c', { status: 'running', started_at: iso(NOW - 60_000) });
    expect(estimateQueue([late], measured(10_000), 1, NOW).get(late.id)!.eta_seconds).toBe(1);
  });

  it('two slots run two at once; more jobs running than slots means more slots', () => {
    const jobs = [job('a'), job('a'), job('b'), job('b')];
    const est = estimateQueue(jobs, measured(8_000), 2, NOW);
    expect(jobs.map((j) => est.get(j.id)!.eta_seconds)).toEqual([8, 16, 8, 16]);
    const running = [job('x', { status: 'running', started_at: iso(NOW) }), job('y', { status: 'running', started_at: iso(NOW) }), job('z', { status: 'running', started_at: iso(NOW) })];
    const waiting = job('w');
    const wide = estimateQueue([...running, waiting], measured(8_000), 1, NOW);
    expect(wide.get(waiting.id)!.eta_seconds).toBe(16);
  });

  it('without a measurement a kind takes its seed; a measured engine its average', () => {
    const face = job('a');
    const video = job('b', { kind: 'swapVideo', engine: 'local' });
    const seeded = estimateQueue([face, video], new Map(), 2, NOW);
    expect([seeded.get(face.id)!.eta_seconds, seeded.get(video.id)!.eta_seconds]).toEqual([20, 120]);
    expect(estimateQueue([face], measured(3_000), 2, NOW).get(face.id)!.eta_seconds).toBe(3);
  });
});

// Issue 45: estimates from the first job. The local engine's reference figures scaled by this
// machine's workload time, measured run times over them, the seeds for engines without figures.
describe('run-time calibration', () => {
  it('scales the reference by the workload, within bounds', () => {
    expect(speedFactor(LOCAL_REFERENCE.workloadMs)).toBe(1);
    expect(speedFactor(LOCAL_REFERENCE.workloadMs * 3)).toBe(3);
    expect(speedFactor(LOCAL_REFERENCE.workloadMs / 2)).toBe(0.5);
    expect(speedFactor(0)).toBe(0.25);
    expect(speedFactor(LOCAL_REFERENCE.workloadMs * 100)).toBe(8);
  });

  it('gives the local engine\'s capabilities their scaled figures, and none to other engines', () => {
    const times = calibratedRunTimes((kind) => (kind === 'upscale' ? 'replicate' : 'local'), 2);
    expect(times.get(runTimeKey('face', 'local'))).toBe(LOCAL_REFERENCE.runMs.face * 2);
    expect(times.get(runTimeKey('talking', 'local'))).toBe(LOCAL_REFERENCE.runMs.talking * 2);
    expect(times.has(runTimeKey('upscale', 'local'))).toBe(false);
    expect(times.has(runTimeKey('upscale', 'replicate'))).toBe(false);
    expect(times.size).toBe(Object.keys(LOCAL_REFERENCE.runMs).length - 1);
  });

  it('a queue forecast takes measured times first, then calibrated ones, then the seeds', async () => {
    const face = job('c');
    const upscale = job('c', { kind: 'upscale', engine: 'replicate' });
    const image = job('c', { kind: 'image' });
    const repo = (runTimes: Map<string, number>) => ({ openJobs: async () => [face, upscale, image], runTimes: async () => runTimes, lastStarts: async () => new Map<string, string>() });
    const calibrated = new Map([[runTimeKey('face', 'local'), 1_000], [runTimeKey('image', 'local'), 2_000]]);
    // Three slots: each job's ETA is its own run time.
    let est = (await forecastQueue(repo(new Map()), 3, NOW, calibrated)).estimates;
    expect([face, upscale, image].map((j) => est.get(j.id)!.eta_seconds)).toEqual([1, 15, 2]);
    est = (await forecastQueue(repo(new Map([[runTimeKey('image', 'local'), 5_000]])), 3, NOW, calibrated)).estimates;
    expect([face, upscale, image].map((j) => est.get(j.id)!.eta_seconds)).toEqual([1, 15, 5]);
    // Without calibration (before the server measured itself): the seeds.
    est = (await forecastQueue(repo(new Map()), 3, NOW)).estimates;
    expect([face, upscale, image].map((j) => est.get(j.id)!.eta_seconds)).toEqual([20, 15, 40]);
  });
});
