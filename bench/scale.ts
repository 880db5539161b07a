// npm run bench:scale — the job pipeline at 1 and at 2 `npm run worker` processes (one API process,
// Redis + Postgres), every job a picture made through the Replicate engine against the local fake,
// where a prediction takes a fixed 2 s: jobs per minute at each and the ratio (target >= 1.8x).
// Each worker runs WORKER_CONCURRENCY=4 jobs at once and clients keep twice the slots busy, so the
// workers are the limit and a second one should double the rate. Loopback only; ends by itself.
import { FAKE_REPLICATE_TOKEN, startFakeReplicate, type FakeReplicate } from '../tests/server/support/fake-replicate.ts';
import { quantile, startCluster } from './support/cluster.ts';

const PREDICTION_MS = 2_000;
const CONCURRENCY = Number(process.env.SCALE_CONCURRENCY ?? 4);
const WINDOW_MS = Number(process.env.SCALE_SECONDS ?? 30) * 1000;
/** Jobs finishing in this first stretch are not counted (processes warming up). */
const WARMUP_MS = 5_000;
/** Premium allows 80 pictures a month: four users share the load. */
const USERS = 4;

interface Run {
  workers: number;
  perMinute: number;
  counted: number;
  p50: number;
  errors: string[];
  /** CPU seconds per counted job in the worker processes and in the API process. */
  workerCpu: number;
  apiCpu: number;
}

async function run(workers: number, fake: FakeReplicate): Promise<Run> {
  const cluster = await startCluster({
    scaled: true, apis: 1, workers, concurrency: CONCURRENCY,
    env: { GENERATION_ENGINES: 'replicate', REPLICATE_API_TOKEN: FAKE_REPLICATE_TOKEN, REPLICATE_BASE_URL: `${fake.base}/v1`, FETCH_ALLOW_HOSTS: '127.0.0.1' },
  });
  try {
    const users = await Promise.all(Array.from({ length: USERS }, (_, i) => cluster.user(`scale-${workers}-${i}@example.com`, `10.0.${workers}.${i + 1}`)));
    const faces = await Promise.all(users.map((u) => u.post('/generate-face-prompt/', { prompt: 'short grey hair' }, u.token)));
    for (const face of faces) if (face.status !== 200) throw new Error(`a face answered ${face.status}: ${JSON.stringify(face.json)}`);

    const finished: { at: number; ms: number }[] = [];
    const errors: string[] = [];
    const started = performance.now();
    const deadline = started + WARMUP_MS + WINDOW_MS;
    let cpuAtWindow = cluster.cpuSeconds();
    setTimeout(() => (cpuAtWindow = cluster.cpuSeconds()), WARMUP_MS);
    let cpuAtEnd = cpuAtWindow;
    setTimeout(() => (cpuAtEnd = cluster.cpuSeconds()), WARMUP_MS + WINDOW_MS);
    async function client(c: number): Promise<void> {
      const user = users[c % USERS]!;
      const faceUrl = faces[c % USERS]!.json.output!;
      while (performance.now() < deadline) {
        const t = performance.now();
        // A synchronous call: the API process answers when a worker finished the job (woken through Redis).
        const res = await user.post('/generate-image-prompt/', { face_url: faceUrl, prompt: `studio portrait ${c}` }, user.token);
        if (res.status !== 200) {
          errors.push(`${res.status} ${JSON.stringify(res.json)}`);
          return;
        }
        finished.push({ at: performance.now(), ms: performance.now() - t });
      }
    }
    await Promise.all(Array.from({ length: 2 * workers * CONCURRENCY }, (_, c) => client(c)));
    const counted = finished.filter((f) => f.at >= started + WARMUP_MS && f.at < deadline);
    return {
      workers, perMinute: counted.length / (WINDOW_MS / 60_000), counted: counted.length, p50: quantile(counted.map((f) => f.ms), 0.5), errors,
      workerCpu: (cpuAtEnd.workers - cpuAtWindow.workers) / counted.length, apiCpu: (cpuAtEnd.api - cpuAtWindow.api) / counted.length,
    };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${cluster.output()}`, { cause: err });
  } finally {
    await cluster.stop();
  }
}

const fake = await startFakeReplicate({ predictionMs: PREDICTION_MS });
try {
  console.log(`bench:scale — pictures through the Replicate engine on a local fake (${PREDICTION_MS / 1000} s per prediction), Redis + Postgres,`);
  console.log(`WORKER_CONCURRENCY=${CONCURRENCY} per worker, ${WINDOW_MS / 1000} s counted after ${WARMUP_MS / 1000} s of warm-up, loopback`);
  const runs: Run[] = [];
  for (const workers of [1, 2]) {
    const r = await run(workers, fake);
    runs.push(r);
    console.log(`${workers} worker${workers > 1 ? 's' : ' '}: ${r.counted} jobs -> ${r.perMinute.toFixed(1)} jobs/min, job time p50 ${(r.p50 / 1000).toFixed(2)} s (queue wait included), errors ${r.errors.length}${r.errors[0] ? ` (${r.errors[0]})` : ''}`);
    console.log(`           CPU per job: ${(r.workerCpu * 1000).toFixed(0)} ms in the workers, ${(r.apiCpu * 1000).toFixed(0)} ms in the API process`);
  }
  const ratio = runs[1]!.perMinute / runs[0]!.perMinute;
  const ok = ratio >= 1.8 && runs.every((r) => r.errors.length === 0);
  console.log(`2 workers vs 1: ${runs[1]!.perMinute.toFixed(1)} vs ${runs[0]!.perMinute.toFixed(1)} jobs/min = ${ratio.toFixed(2)}x (target >= 1.8x) -> ${ok ? 'PASS' : 'FAIL'}`);
} finally {
  await fake.close();
}
