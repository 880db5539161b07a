// The deployments the scale benchmarks compare, as real processes on loopback: the embedded default
// (one `npm start`-style process: SQLite, jobs in-process) or the scale-out one (API processes with
// REDIS_URL and `npm run worker` processes on a fresh Postgres schema and a Redis prefix of their own).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openTestDatabase, type TestDatabase } from '../../tests/server/support/db.ts';
import { premiumUser, type Post } from '../../tests/server/support/http-user.ts';
import { freePort, startMain, waitFor } from '../../tests/server/support/main-process.ts';
import { dropKeys, TEST_REDIS_URL, testPrefix } from '../../tests/server/support/redis.ts';
import { SITE_MEDIA_CACHE, TEMPLATE_CACHE } from '../../tests/server/support/studio.ts';

export interface ClusterOptions {
  /** false: the embedded default, one process. */
  scaled: boolean;
  apis?: number;
  workers?: number;
  /** WORKER_CONCURRENCY of each process that runs jobs. */
  concurrency?: number;
  env?: Record<string, string>;
}

export interface Cluster {
  /** …/api of each API process. */
  bases: string[];
  label: string;
  /** A signed-in user with a Premium grant; `ip` is its address (X-Forwarded-For: each simulated user has its own). */
  user(email: string, ip: string, base?: string, plan?: string): Promise<{ post: Post; token: string; userId: string }>;
  /** CPU seconds used so far by the API processes and by the worker processes (Linux /proc). */
  cpuSeconds(): { api: number; workers: number };
  output(): string;
  stop(): Promise<void>;
}

/** User + system CPU time of a process, from /proc/<pid>/stat (clock ticks of 1/100 s). */
function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'ps-bench-'));
  const prefix = testPrefix('bench');
  let database: TestDatabase | undefined;
  const env: Record<string, string> = {
    HOST: '127.0.0.1', DATA_DIR: join(dir, 'state'), PUBLIC_DIR: join(dir, 'no-build'), LOG_LEVEL: 'warn', NODE_ENV: 'test',
    TEMPLATE_CACHE, TEMPLATES_AT_START: 'false', SITE_MEDIA_CACHE, JWT_SECRET: 'bench-cluster-secret-bench-cluster-secret',
    // The benchmark stands in for many users behind one proxy: each request says whose address it is.
    TRUST_PROXY: 'loopback',
    ...(options.concurrency ? { WORKER_CONCURRENCY: String(options.concurrency) } : {}),
    ...options.env,
  };
  if (options.scaled) {
    database = await openTestDatabase('postgres');
    Object.assign(env, { DATABASE_URL: database.databaseUrl!, REDIS_URL: TEST_REDIS_URL, REDIS_PREFIX: prefix });
  }
  const processes: ReturnType<typeof startMain>[] = [];
  const bases: string[] = [];
  const apiCount = options.scaled ? (options.apis ?? 1) : 1;
  for (let i = 0; i < apiCount; i += 1) {
    const port = await freePort();
    const { WORKER_CONCURRENCY: _jobs, ...apiEnv } = env;
    // With Redis, API processes keep WORKER_CONCURRENCY's default: they run no jobs.
    processes.push(startMain({ ...(options.scaled ? apiEnv : env), PORT: String(port) }, dir));
    bases.push(`http://127.0.0.1:${port}/api`);
  }
  for (let i = 0; options.scaled && i < (options.workers ?? 2); i += 1) processes.push(startMain(env, dir, 'worker'));
  const output = () => processes.map((p, i) => `--- process ${i}:\n${p.output().slice(-2000)}`).join('\n');
  try {
    await Promise.all(bases.map(async (base) => {
      const res = await waitFor(`${base}/health`, 120_000);
      if (!res.ok) throw new Error(`${base} answered ${res.status}`);
    }));
  } catch (err) {
    throw new Error(`the cluster did not start: ${(err as Error).message}\n${output()}`, { cause: err });
  }
  const label = options.scaled
    ? `Postgres + Redis, ${apiCount} API process${apiCount > 1 ? 'es' : ''}, ${options.workers ?? 2} worker${(options.workers ?? 2) > 1 ? 's' : ''}`
    : 'embedded default (SQLite, jobs in-process)';
  return {
    bases,
    label,
    user: (email, ip, base = bases[0]!, plan = 'premium') => premiumUser(base, email, { DATA_DIR: env.DATA_DIR!, JWT_SECRET: env.JWT_SECRET!, DATABASE_URL: env.DATABASE_URL }, { 'x-forwarded-for': ip }, plan),
    cpuSeconds: () => ({
      api: processes.slice(0, apiCount).reduce((sum, p) => sum + cpuOf(p.child.pid), 0),
      workers: processes.slice(apiCount).reduce((sum, p) => sum + cpuOf(p.child.pid), 0),
    }),
    output,
    async stop() {
      for (const p of processes) p.child.kill('SIGTERM');
      await Promise.all(processes.map((p) => p.exited));
      await database?.cleanup();
      if (options.scaled) await dropKeys(prefix);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The q-quantile of `values` (sorted copy). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
