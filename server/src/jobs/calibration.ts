// The run times the queue's estimates start from (issue 45: a fresh install's first batch of local
// jobs was estimated 10x too long). The local engine's run time per kind was measured on a reference
// machine together with a short CPU workload (sharp, as the engine's own work); at start this
// machine runs the same workload and scales the reference figures by how much slower or faster it
// is. Measured run times (job_run_times, kept across restarts) replace a figure as soon as one job of
// its (kind, engine) ran; engines without reference figures (remote ones) keep eta.ts's seeds.
// `npm run bench:eta -- --reference` measures both sides again on a machine (bench/eta.ts).
import sharp from 'sharp';
import type { Capability } from '../../../contract/capabilities.ts';
import { runTimeKey } from '../db/repositories/jobs.ts';

/**
 * Measured by `npm run bench:eta -- --reference` on the reference machine (2 cores shared with other
 * work, load average about 6, 2026-11-29):
 * each kind's job time on the local engine (the runner's whole run: inputs copied, the engine, the
 * AI marks, storage), and the workload's time.
 */
export const LOCAL_REFERENCE = {
  workloadMs: 119,
  runMs: {
    face: 201,
    image: 208,
    swapImage: 227,
    swapVideo: 1_241,
    clothSwap: 6_612,
    imageToVideo: 2_164,
    music: 2_217,
    upscale: 20_913,
    talking: 7_825,
  } satisfies Record<Capability, number>,
};

/** A machine this much slower or faster than the reference is taken as at most this (a busy start, a noisy timer). */
const FACTOR_BOUNDS = [0.25, 8] as const;

/** The workload once: a noisy 512x512 picture blurred, made 1024x1024 and encoded as PNG (ms). */
async function workloadOnce(): Promise<number> {
  const started = performance.now();
  await sharp({ create: { width: 512, height: 512, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(3)
    .resize(1024, 1024, { kernel: 'lanczos3' })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return performance.now() - started;
}

/**
 * The workload's time on this machine: a warm-up, then the median of five runs (ms): what a job
 * started now meets, other work on the machine included.
 */
export async function measureWorkload(): Promise<number> {
  await workloadOnce();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) times.push(await workloadOnce());
  return times.sort((a, b) => a - b)[2]!;
}

/** How much longer than on the reference machine a job takes here, from the workload's time (bounded). */
export const speedFactor = (workloadMs: number): number =>
  Math.min(FACTOR_BOUNDS[1], Math.max(FACTOR_BOUNDS[0], workloadMs / LOCAL_REFERENCE.workloadMs));

/**
 * The starting run time of each capability served by the local engine (by runTimeKey), scaled by
 * `factor`; capabilities of other engines are left to the seeds.
 */
export function calibratedRunTimes(engineOf: (kind: Capability) => string, factor: number): Map<string, number> {
  const times = new Map<string, number>();
  for (const [kind, ms] of Object.entries(LOCAL_REFERENCE.runMs) as [Capability, number][]) {
    if (engineOf(kind) === 'local') times.set(runTimeKey(kind, 'local'), Math.round(ms * factor));
  }
  return times;
}

let measured: Promise<number> | undefined;

/** This process's workload time, measured once (the first caller starts it; later apps in the process share it). */
export function workloadOfThisProcess(): Promise<number> {
  measured ??= measureWorkload();
  return measured;
}
