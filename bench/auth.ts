// npm run bench:auth — argon2id verify latency (m=19456 KiB, t=2, p=1) and the event loop's health
// while 20 logins run at once against the real app (Fastify + SQLite, app.inject), against the
// same event loop idle in the same run (reference).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { buildApp } from '../server/src/app.ts';
import { ARGON2_CONCURRENCY, hashPassword, verifyPassword } from '../server/src/auth/passwords.ts';
import { loadConfig, withJwtSecret } from '../server/src/config/index.ts';
import { createDatabase, migrateToLatest } from '../server/src/db/index.ts';
import { newId, nowIso } from '../server/src/db/util.ts';

const VERIFIES = Number(process.env.BENCH_VERIFIES ?? 50);
const PARALLEL = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PASSWORD = 'correct horse battery';

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const ms = (n: number): string => `${n.toFixed(1)} ms`;

// 1. argon2id verify, one at a time.
const stored = await hashPassword(PASSWORD);
await verifyPassword(stored, PASSWORD); // warm-up
const verifyTimes: number[] = [];
for (let i = 0; i < VERIFIES; i++) {
  const t = performance.now();
  if (!(await verifyPassword(stored, PASSWORD))) throw new Error('verify failed');
  verifyTimes.push(performance.now() - t);
}
verifyTimes.sort((a, b) => a - b);

// 2. The real app over a fresh SQLite file, with PARALLEL verified accounts.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-auth-'));
const config = withJwtSecret(loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' }));
const database = createDatabase(config);
await migrateToLatest(database.db);
const app = await buildApp(config, { database });
await app.ready();
const now = nowIso();
const emails = Array.from({ length: PARALLEL }, (_, i) => `bench${i}@example.com`);
await database.db
  .insertInto('users')
  .values(emails.map((email) => ({ id: newId(), email, name: 'Bench', password_hash: stored, google_sub: null, email_verified: 1, created_at: now, updated_at: now })))
  .execute();

async function sample(histogram: IntervalHistogram, work: () => Promise<void>): Promise<{ p50: number; p99: number; max: number; rawP99: number }> {
  histogram.reset();
  histogram.enable();
  await work();
  histogram.disable();
  const delay = (ns: number) => Math.max(0, ns / 1e6 - RESOLUTION);
  return { p50: delay(histogram.percentile(50)), p99: delay(histogram.percentile(99)), max: delay(histogram.max), rawP99: histogram.percentile(99) / 1e6 };
}

// The histogram holds whole timer intervals: subtract the timer's own RESOLUTION to get the delay.
const RESOLUTION = 10;
const histogram = monitorEventLoopDelay({ resolution: RESOLUTION });
const loginTimes: number[] = [];
let loadWall = 0;
try {
  // Reference: the same process, idle for as long as the load below runs.
  const loadRound = async (): Promise<void> => {
    await Promise.all(
      emails.map(async (email, i) => {
        const t = performance.now();
        // A different client address per login: the per-IP limit is not what is measured here.
        const res = await app.inject({ method: 'POST', url: '/api/manual_login/', payload: { email, password: PASSWORD }, remoteAddress: `10.0.${i}.${loginTimes.length % 250}` });
        if (res.statusCode !== 200) throw new Error(`login answered ${res.statusCode}: ${res.body}`);
        loginTimes.push(performance.now() - t);
      }),
    );
  };
  await loadRound(); // warm-up
  loginTimes.length = 0;
  const load = await sample(histogram, async () => {
    const t = performance.now();
    for (let r = 0; r < ROUNDS; r++) await loadRound();
    loadWall = performance.now() - t;
  });
  const idle = await sample(histogram, () => new Promise((r) => setTimeout(r, Math.max(1000, loadWall))));
  loginTimes.sort((a, b) => a - b);

  // An unknown email must answer in the time a wrong password takes (no account enumeration by timing).
  const timed = async (email: string, i: number): Promise<number> => {
    const t = performance.now();
    const res = await app.inject({ method: 'POST', url: '/api/manual_login/', payload: { email, password: 'wrong password' }, remoteAddress: `10.9.0.${i}` });
    if (res.statusCode !== 400 && res.statusCode !== 404) throw new Error(`login answered ${res.statusCode}`);
    return performance.now() - t;
  };
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 30; i++) {
    // Alternate which goes first; 30 wrong passwords spread over 20 accounts stay under the lockout.
    if (i % 2) unknown.push(await timed(`nobody${i}@example.com`, i));
    wrong.push(await timed(emails[i % emails.length], i));
    if (!(i % 2)) unknown.push(await timed(`nobody${i}@example.com`, i));
  }
  wrong.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);

  console.log(`argon2id m=19456 KiB t=2 p=1, ${availableParallelism()} cores, ${ARGON2_CONCURRENCY} hash(es) at a time, UV_THREADPOOL_SIZE=${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
  console.log(`argon2id verify x${VERIFIES}:          p50 ${ms(quantile(verifyTimes, 0.5))}  p95 ${ms(quantile(verifyTimes, 0.95))}`);
  console.log(`login x${PARALLEL} parallel, ${ROUNDS} rounds:   p50 ${ms(quantile(loginTimes, 0.5))}  p95 ${ms(quantile(loginTimes, 0.95))}  (${((ROUNDS * PARALLEL) / (loadWall / 1000)).toFixed(1)} logins/s)`);
  console.log(`one login, wrong password vs unknown email: p50 ${ms(quantile(wrong, 0.5))} vs ${ms(quantile(unknown, 0.5))}`);
  console.log(`event-loop delay idle (reference):    p50 ${ms(idle.p50)}  p99 ${ms(idle.p99)}  max ${ms(idle.max)}`);
  console.log(`event-loop delay during logins:       p50 ${ms(load.p50)}  p99 ${ms(load.p99)}  max ${ms(load.max)}`);
  console.log(`p99 ${RESOLUTION} ms-timer interval, 20 parallel logins vs idle: ${ms(load.rawP99)} / ${ms(idle.rawP99)} = ${(load.rawP99 / idle.rawP99).toFixed(2)}x`);
} finally {
  await app.close();
  await database.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
