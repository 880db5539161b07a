// npm run bench:load — LOAD_USERS simulated users (default 50), each from its own address, sign up,
// sign in and make a face, then pictures of it with the local engine, one job at a time as the studio
// does (Prefer: respond-async, then GET /api/jobs/{id} every 1 s growing to 5 s, 1 s of thought between
// jobs), for LOAD_SECONDS (default 300). Once on the embedded default (SQLite, jobs in-process) and
// once on Postgres + Redis with two API processes (each user's calls alternate between them) and two
// `npm run worker` processes. LOAD_BURSTERS of the users (default 5) hold a Basic plan (3 faces,
// 15 images) and send every job 10 times at once, as a script would: what is left of their
// allowance is accepted, the rest refused (403, not an error). A single-job user whose Premium
// allowance runs out before the run ends stops (counted apart: used up, not an error; a 5-minute
// run used 80 images in about four). Prints requests, errors, jobs
// submitted against finished (lost must be 0), job times (created to finished) and over-use (each
// user's usage against their limits at the end: must be 0). Loopback only; stops by itself.
// Batches (issue 29): the embedded run is made again with LOAD_BATCH_USERS more users (default 5)
// who each make a face, then send batches of LOAD_BATCH_ITEMS images (default 20) through
// POST /api/batches, following GET /api/batches/{id}, while their Premium images last. The queue
// is fair (users round-robin), so the single-job users' wait (their job time, p95) with the batches
// running should stay within 1.5x of the run without them. LOAD_ONLY=batches makes only those two
// embedded runs.
import { randomUUID } from 'node:crypto';
import { SECURITY_KEY } from '../tests/server/support/studio.ts';
import { quantile, startCluster, type Cluster } from './support/cluster.ts';

const USERS = Number(process.env.LOAD_USERS ?? 50);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
/** After the last submission, jobs still running get this long to end before they count as lost. */
const DRAIN_MS = Number(process.env.LOAD_DRAIN_SECONDS ?? 180) * 1000;
const BURSTERS = Number(process.env.LOAD_BURSTERS ?? 5);
const BURST = 10;
const BATCH_USERS = Number(process.env.LOAD_BATCH_USERS ?? 5);
const BATCH_ITEMS = Number(process.env.LOAD_BATCH_ITEMS ?? 20);
const ONLY_BATCHES = process.env.LOAD_ONLY === 'batches';
const THINK_MS = 1_000;
const FINAL = ['succeeded', 'failed', 'canceled'];

interface Tally {
  requests: number;
  errors: string[];
  /** Bursters' requests refused for their allowance (403) or by the rate limit (429), as they should be. */
  refused: number;
  limited: number;
  /** Single-job users who used their whole Premium allowance (403) before the run ended, and stopped. */
  usedUp: number;
  submitted: number;
  succeeded: number;
  failed: number;
  lost: number;
  /** Job times (created to finished) of the single-job users' jobs. */
  jobMs: number[];
  /** How long each job submission took to answer (the allowance reserved, the job stored): single jobs and burst requests. */
  submitMs: number[];
  burstSubmitMs: number[];
  /** Batches sent, and their jobs' times. */
  batches: number;
  batchJobMs: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(t: Tally, url: string, ip: string, init: { body?: object; token?: string; headers?: Record<string, string>; refusable?: boolean; allowanceEnds?: boolean } = {}): Promise<{ status: number; json: Record<string, unknown> }> {
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
    const allowanceUsed = res.status === 403 && /^(You have used all |This batch needs )/.test(String(json.error));
    if (allowanceUsed && init.refusable) t.refused += 1;
    else if (allowanceUsed && init.allowanceEnds) t.usedUp += 1;
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

/** Follows one job to its end (or the drain's); answers its output once it succeeded. Its time goes into `times`. */
async function follow(user: User, t: Tally, jobId: string, drainUntil: number, times = t.jobMs): Promise<string | undefined> {
  let job: Record<string, unknown> = {};
  for (let wait = 1_000; !FINAL.includes(job.status as string) && Date.now() < drainUntil; wait = Math.min(5_000, wait * 1.5)) {
    await sleep(wait);
    job = (await call(t, `${user.base()}/jobs/${jobId}`, user.ip, { token: user.token })).json;
  }
  if (!FINAL.includes(job.status as string)) t.lost += 1;
  else {
    if (job.status === 'succeeded') t.succeeded += 1;
    else t.failed += 1;
    times.push(Date.parse(job.finished_at as string) - Date.parse(job.created_at as string));
  }
  return job.status === 'succeeded' ? (job.output as string | undefined) : undefined;
}

/** A batch user: a face, then batches of BATCH_ITEMS images of it, each followed to its end, until the deadline or the allowance. */
async function batchWork(user: User, t: Tally, deadline: number, drainUntil: number): Promise<void> {
  const { ip, token, base } = user;
  const made = await call(t, `${base()}/generate-face-prompt/`, ip, { body: { prompt: 'short black hair, glasses' }, token, headers: { prefer: 'respond-async', 'idempotency-key': randomUUID() } });
  if (made.status !== 202) return;
  t.submitted += 1;
  const face = await follow(user, t, made.json.job_id as string, drainUntil, t.batchJobMs);
  if (!face) return;
  while (Date.now() < deadline) {
    const items = Array.from({ length: BATCH_ITEMS }, (_, i) => ({ face_url: face, prompt: `batch look ${t.batches}-${i}` }));
    const sent = await call(t, `${base()}/batches`, ip, { body: { call: '/generate-image-prompt/', items }, token, headers: { 'idempotency-key': randomUUID() }, refusable: true });
    if (sent.status !== 202) return;
    t.batches += 1;
    t.submitted += BATCH_ITEMS;
    let view: Record<string, unknown> = {};
    const open = () => view.queued === undefined || Number(view.queued) + Number(view.running) > 0;
    while (open() && Date.now() < drainUntil) {
      await sleep(2_000);
      view = (await call(t, `${base()}/batches/${String(sent.json.batch_id)}`, ip, { token })).json;
    }
    for (const job of (view.jobs as Record<string, unknown>[] | undefined) ?? []) {
      if (!FINAL.includes(job.status as string)) t.lost += 1;
      else {
        if (job.status === 'succeeded') t.succeeded += 1;
        else t.failed += 1;
        t.batchJobMs.push(Date.parse(job.finished_at as string) - Date.parse(job.created_at as string));
      }
    }
    await sleep(THINK_MS);
  }
}

/** Jobs one at a time (a burster: BURST at once) until the deadline; the last ones are followed to their end. */
async function work(user: User, t: Tally, deadline: number, drainUntil: number): Promise<void> {
  const { ip, token, base } = user;
  let face: string | undefined;
  while (Date.now() < deadline) {
    const [path, body] = face ? ['/generate-image-prompt/', { face_url: face, prompt: `look ${t.submitted}` }] : ['/generate-face-prompt/', { prompt: 'curly red hair, freckles' }];
    // A single-job user may use up a Premium allowance before a long run ends: a plan doing its
    // job, counted apart (usedUp), not an error; that user stops, as a person would.
    const send = async () => {
      const started = performance.now();
      const answer = await call(t, `${base()}${path}`, ip, { body, token, headers: { prefer: 'respond-async', 'idempotency-key': randomUUID() }, refusable: user.burst, allowanceEnds: !user.burst });
      (user.burst ? t.burstSubmitMs : t.submitMs).push(performance.now() - started);
      return answer;
    };
    const sent = await Promise.all(Array.from({ length: user.burst ? BURST : 1 }, send));
    const jobIds = sent.flatMap((s) => (s.status === 202 && typeof s.json.job_id === 'string' ? [s.json.job_id] : []));
    t.submitted += jobIds.length;
    const outputs = await Promise.all(jobIds.map((id) => follow(user, t, id, drainUntil)));
    face ??= outputs.find((o) => o !== undefined);
    // A user whose images are all used up has nothing left to try.
    if (sent.every((s) => s.status === 403) && (face || !user.burst)) return;
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

async function run(scaled: boolean, batchUsers = 0): Promise<{ label: string; t: Tally; signUpSeconds: number; over: number; cpu: { api: number; workers: number } }> {
  const cluster = await startCluster(scaled ? { scaled: true, apis: 2, workers: 2 } : { scaled: false });
  const t: Tally = { requests: 0, errors: [], refused: 0, limited: 0, usedUp: 0, submitted: 0, succeeded: 0, failed: 0, lost: 0, jobMs: [], submitMs: [], burstSubmitMs: [], batches: 0, batchJobMs: [] };
  try {
    // Accounts first, five at a time (each sign-up hashes a password); the clock starts when all exist.
    const started = performance.now();
    const users: User[] = [];
    const everyone = USERS + batchUsers;
    for (let i = 0; i < everyone; i += 5) {
      const batch = await Promise.all(Array.from({ length: Math.min(5, everyone - i) }, (_, k) => signUp(i + k, cluster, t)));
      users.push(...batch.filter((u) => u !== null));
    }
    const signUpSeconds = (performance.now() - started) / 1000;
    const deadline = Date.now() + SECONDS * 1000;
    const before = cluster.cpuSeconds();
    // The last batchUsers accounts send batches; the others work as before.
    await Promise.all(users.map((u, i) => (i >= users.length - batchUsers ? batchWork : work)(u, t, deadline, deadline + DRAIN_MS)));
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
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function report(label: string, scaled: boolean, r: Awaited<ReturnType<typeof run>>): void {
  const { t, signUpSeconds, over, cpu } = r;
  console.log(`${label}:`);
  console.log(`  ${USERS} sign-ups and sign-ins in ${signUpSeconds.toFixed(1)} s; ${t.requests} requests, ${t.errors.length} errors${t.errors[0] ? ` (first: ${t.errors[0]})` : ''}`);
  console.log(`  jobs: ${t.submitted} submitted, ${t.succeeded + t.failed} finished (${t.failed} failed), ${t.lost} lost; ${((t.succeeded / SECONDS) * 60).toFixed(1)} succeeded per minute of the run`);
  console.log(`  allowances: ${t.refused} burst requests refused for their allowance (${t.limited} more by the rate limit), ${t.usedUp} single-job users used theirs up and stopped, ${over} users over a limit`);
  console.log(`  job time (created to finished) of the single-job users: p50 ${s(quantile(t.jobMs, 0.5))}, p95 ${s(quantile(t.jobMs, 0.95))}`);
  const ms = (values: number[], q: number) => `${quantile(values, q).toFixed(0)} ms`;
  console.log(`  submitting (allowance reserved, job stored): single jobs p50 ${ms(t.submitMs, 0.5)}, p95 ${ms(t.submitMs, 0.95)}; burst requests (${BURST} at once) p50 ${ms(t.burstSubmitMs, 0.5)}, p95 ${ms(t.burstSubmitMs, 0.95)}`);
  if (t.batches > 0) console.log(`  batches: ${t.batches} of ${BATCH_ITEMS} images; their jobs' time p50 ${s(quantile(t.batchJobMs, 0.5))}, p95 ${s(quantile(t.batchJobMs, 0.95))}`);
  const perJob = (cpuSeconds: number) => `${((cpuSeconds / Math.max(1, t.succeeded + t.failed)) * 1000).toFixed(0)} ms`;
  console.log(`  CPU per finished job: ${perJob(cpu.api)} in the API process${scaled ? 'es' : ' (jobs included)'}${scaled ? `, ${perJob(cpu.workers)} in the workers` : ''}`);
}

const results: Awaited<ReturnType<typeof run>>[] = [];
for (const scaled of ONLY_BATCHES ? [false] : [false, true]) {
  const r = await run(scaled);
  results.push(r);
  report(r.label, scaled, r);
}
let batchesOk = true;
if (BATCH_USERS > 0) {
  const r = await run(false, BATCH_USERS);
  report(`${r.label}, with ${BATCH_USERS} batch users beside them`, false, r);
  const without = quantile(results[0]!.t.jobMs, 0.95);
  const withBatches = quantile(r.t.jobMs, 0.95);
  const ratio = withBatches / Math.max(1, without);
  batchesOk = ratio <= 1.5 && r.t.lost === 0 && r.t.errors.length === 0 && r.over === 0;
  console.log(`single-job users' wait p95: ${s(without)} without batches, ${s(withBatches)} with ${BATCH_USERS} users sending ${BATCH_ITEMS}-image batches (${r.t.batches} batches) -> ${ratio.toFixed(2)}x (goal <= 1.5x) -> ${batchesOk ? 'PASS' : 'FAIL'}`);
  results.push(r);
}
const ok = batchesOk && results.every((r) => r.t.lost === 0 && r.t.errors.length === 0 && r.over === 0);
if (ONLY_BATCHES) console.log(`lost jobs ${results.map((r) => r.t.lost).join(' / ')}, errors ${results.map((r) => r.t.errors.length).join(' / ')} -> ${ok ? 'PASS' : 'FAIL'}`);
else {
  const [embedded, scaledOut] = results.map((r) => r.t);
  console.log(`lost jobs ${embedded!.lost} / ${scaledOut!.lost}, over-use ${results[0]!.over} / ${results[1]!.over}, errors ${embedded!.errors.length} / ${scaledOut!.errors.length}, p95 job time ${(quantile(embedded!.jobMs, 0.95) / 1000).toFixed(1)} s embedded vs ${(quantile(scaledOut!.jobMs, 0.95) / 1000).toFixed(1)} s scaled out -> ${ok ? 'PASS' : 'FAIL'}`);
}
