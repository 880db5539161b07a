// npm run bench:load — LOAD_USERS simulated users (default 50), each from its own address, sign up,
// sign in and make a face, then pictures of it with the local engine, one job at a time as the studio
// does (Prefer: respond-async, then GET /api/jobs/{id} every 1 s growing to 5 s, 1 s of thought between
// jobs), for LOAD_SECONDS (default 300). Once on the embedded default (SQLite, jobs in-process) and
// once on Postgres + Redis with two API processes (each user's calls alternate between them) and two
// `npm run worker` processes. LOAD_BURSTERS of the users (default 5) hold a Basic plan (3 faces,
// 15 images) and send every job 10 times at once, as a script would: what is left of their
// allowance is accepted, the rest refused (403, not an error). Prints requests, errors, jobs
// submitted against finished (lost must be 0), job times (created to finished) and over-use (each
// user's usage against their limits at the end: must be 0). Loopback only; stops by itself.
import { randomUUID } from 'node:crypto';
import { SECURITY_KEY } from '../tests/server/support/studio.ts';
import { quantile, startCluster, type Cluster } from './support/cluster.ts';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
/** After the last submission, jobs still running get this long to end before they count as lost. */
const DRAIN_MS = Number(process.env.LOAD_DRAIN_SECONDS ?? 180) * 1000;
const BURSTERS = Number(process.env.LOAD_BURSTERS ?? 5);
const BURST = 10;
const THINK_MS = 1_000;
const FINAL = ['succeeded', 'failed', 'canceled'];

interface Tally {
  requests: number;
  errors: string[];
  /** Bursters' requests refused for their allowance (403) or by the rate limit (429), as they should be. */
  refused: number;
  limited: number;
  submitted: number;
  succeeded: number;
  failed: number;
  lost: number;
  jobMs: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(t: Tally, url: string, ip: string, init: { body?: object; token?: string; headers?: Record<string, string>; refusable?: boolean } = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  t.requests += 1;
  try {
    const res = await fetch(url, {
      method: init.body ? 'POST' : 'GET',
      headers: {
        'x-forwarded-for': ip, 'security-key': SECURITY_KEY,
        ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 403 && init.refusable && /^You have used all /.test(String(json.error))) t.refused += 1;
    else if (res.status === 429 && init.refusable) t.limited += 1;
    else if (res.status >= 400) t.errors.push(`${res.status} ${new URL(url).pathname}: ${String(json.error ?? json.message ?? '')}`);
    return { status: res.status, json };
  } catch (err) {
    t.errors.push(`${new URL(url).pathname}: ${(err as Error).message}`);
    return { status: 0, json: {} };
  }
}

interface User {
  ip: string;
  token: string;
  userId: string;
  /** A Basic plan, every job sent BURST times at once. */
  burst: boolean;
  /** Each call goes to the next API process: nothing a user does depends on which one answers. */
  base(): string;
}

/** An account (sign-up with the mailed code, a Premium grant), then a sign-in. */
async function signUp(i: number, cluster: Cluster, t: Tally): Promise<User | null> {
  const ip = `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const email = `load-${i}@example.com`;
  let turn = i;
  const base = () => cluster.bases[turn++ % cluster.bases.length]!;
  const burst = i < BURSTERS;
  const { userId } = await cluster.user(email, ip, base(), burst ? 'basic' : 'premium');
  t.requests += 3; // create_profile, send_otp, verify_otp
  const login = await call(t, `${base()}/manual_login/`, ip, { body: { email, password: 'secret-pass' } });
  const token = login.json.access as string | undefined;
  return token ? { ip, token, userId, burst, base } : null;
}

/** Follows one job to its end (or the drain's); answers its output once it succeeded. */
async function follow(user: User, t: Tally, jobId: string, drainUntil: number): Promise<string | undefined> {
  let job: Record<string, unknown> = {};
  for (let wait = 1_000; !FINAL.includes(job.status as string) && Date.now() < drainUntil; wait = Math.min(5_000, wait * 1.5)) {
    await sleep(wait);
    job = (await call(t, `${user.base()}/jobs/${jobId}`, user.ip, { token: user.token })).json;
  }
  if (!FINAL.includes(job.status as string)) t.lost += 1;
  else {
    if (job.status === 'succeeded') t.succeeded += 1;
    else t.failed += 1;
    t.jobMs.push(Date.parse(job.finished_at as string) - Date.parse(job.created_at as string));
  }
  return job.status === 'succeeded' ? (job.output as string | undefined) : undefined;
}

/** Jobs one at a time (a burster: BURST at once) until the deadline; the last ones are followed to their end. */
async function work(user: User, t: Tally, deadline: number, drainUntil: number): Promise<void> {
  const { ip, token, base } = user;
  let face: string | undefined;
  while (Date.now() < deadline) {
    const [path, body] = face ? ['/generate-image-prompt/', { face_url: face, prompt: `look ${t.submitted}` }] : ['/generate-face-prompt/', { prompt: 'curly red hair, freckles' }];
    const send = () => call(t, `${base()}${path}`, ip, { body, token, headers: { prefer: 'respond-async', 'idempotency-key': randomUUID() }, refusable: user.burst });
    const sent = await Promise.all(Array.from({ length: user.burst ? BURST : 1 }, send));
    const jobIds = sent.flatMap((s) => (s.status === 202 && typeof s.json.job_id === 'string' ? [s.json.job_id] : []));
    t.submitted += jobIds.length;
    const outputs = await Promise.all(jobIds.map((id) => follow(user, t, id, drainUntil)));
    face ??= outputs.find((o) => o !== undefined);
    // A burster whose images are all used up has nothing left to try.
    if (face && sent.every((s) => s.status === 403)) return;
    await sleep(THINK_MS);
  }
}

/** Users whose usage went over a limit of their plan, checked once every job is over. */
async function overUse(users: User[], t: Tally): Promise<number> {
  let over = 0;
  for (const u of users) {
    const plan = await call(t, `${u.base()}/get_current_plan/`, u.ip, { body: { user_id: u.userId }, token: u.token });
    const usage = plan.json.usage as Record<string, { used: number; limit: number }> | undefined;
    if (!usage || Object.values(usage).some((c) => c.used > c.limit)) over += 1;
  }
  return over;
}

async function run(scaled: boolean): Promise<{ label: string; t: Tally; signUpSeconds: number; over: number; cpu: { api: number; workers: number } }> {
  const cluster = await startCluster(scaled ? { scaled: true, apis: 2, workers: 2 } : { scaled: false });
  const t: Tally = { requests: 0, errors: [], refused: 0, limited: 0, submitted: 0, succeeded: 0, failed: 0, lost: 0, jobMs: [] };
  try {
    // Accounts first, five at a time (each sign-up hashes a password); the clock starts when all exist.
    const started = performance.now();
    const users: User[] = [];
    for (let i = 0; i < USERS; i += 5) {
      const batch = await Promise.all(Array.from({ length: Math.min(5, USERS - i) }, (_, k) => signUp(i + k, cluster, t)));
      users.push(...batch.filter((u) => u !== null));
    }
    const signUpSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + SECONDS * 1000;
    const before = cluster.cpuSeconds();
    await Promise.all(users.map((u) => work(u, t, deadline, deadline + DRAIN_MS)));
    const after = cluster.cpuSeconds();
    const over = await overUse(users, t);
    return { label: cluster.label, t, signUpSeconds, over, cpu: { api: after.api - before.api, workers: after.workers - before.workers } };
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${cluster.output()}`, { cause: err });
  } finally {
    await cluster.stop();
  }
}

console.log(`bench:load — ${USERS} users (${BURSTERS} of them on Basic, sending each job ${BURST} times at once), ${SECONDS} s of generating with the local engine after signing up and in, loopback`);
const results = [];
for (const scaled of [false, true]) {
  const { label, t, signUpSeconds, over, cpu } = await run(scaled);
  results.push({ label, t, over });
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`${label}:`);
  console.log(`  ${USERS} sign-ups and sign-ins in ${signUpSeconds.toFixed(1)} s; ${t.requests} requests, ${t.errors.length} errors${t.errors[0] ? ` (first: ${t.errors[0]})` : ''}`);
  console.log(`  jobs: ${t.submitted} submitted, ${t.succeeded + t.failed} finished (${t.failed} failed), ${t.lost} lost; ${((t.succeeded / SECONDS) * 60).toFixed(1)} succeeded per minute of the run`);
  console.log(`  allowances: ${t.refused} burst requests refused for their allowance (${t.limited} more by the rate limit), ${over} users over a limit`);
  console.log(`  job time (created to finished): p50 ${s(quantile(t.jobMs, 0.5))}, p95 ${s(quantile(t.jobMs, 0.95))}`);
  const perJob = (cpuSeconds: number) => `${((cpuSeconds / Math.max(1, t.succeeded + t.failed)) * 1000).toFixed(0)} ms`;
  console.log(`  CPU per finished job: ${perJob(cpu.api)} in the API process${scaled ? 'es' : ' (jobs included)'}${scaled ? `, ${perJob(cpu.workers)} in the workers` : ''}`);
}
const [embedded, scaledOut] = results.map((r) => r.t);
const ok = results.every((r) => r.t.lost === 0 && r.t.errors.length === 0 && r.over === 0);
console.log(`lost jobs ${embedded!.lost} / ${scaledOut!.lost}, over-use ${results[0]!.over} / ${results[1]!.over}, errors ${embedded!.errors.length} / ${scaledOut!.errors.length}, p95 job time ${(quantile(embedded!.jobMs, 0.95) / 1000).toFixed(1)} s embedded vs ${(quantile(scaledOut!.jobMs, 0.95) / 1000).toFixed(1)} s scaled out -> ${ok ? 'PASS' : 'FAIL'}`);
