// The app's smoke, run by scripts/node24.mjs on Node 24 (any Node runs it: `tsx scripts/node24-smoke.ts`):
// server/src/main.ts started as a process on a free port with a fresh DATA_DIR, GET /api/health, a verified
// Premium account (sign-up code from the outbox, grant by the operator command), one face from a prompt
// as a queued job, polled until it succeeds, its picture fetched, then SIGTERM and exit 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { premiumUser } from '../tests/server/support/http-user.ts';
import { freePort, startMain, waitFor } from '../tests/server/support/main-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'ps-smoke-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const env = {
  PORT: String(port), HOST: '127.0.0.1', DATA_DIR: join(dir, 'state'), PUBLIC_DIR: join(dir, 'no-build'),
  TEMPLATES_AT_START: 'false', LOG_LEVEL: 'info', JWT_SECRET: 'node24-smoke-secret-node24-smoke-secret-0',
};
const run = startMain(env, dir);
const started = Date.now();
try {
  const health = await waitFor(`${origin}/api/health`, 60_000);
  const body = (await health.json()) as Record<string, unknown>;
  if (health.status !== 200 || body.status !== 'ok') throw new Error(`health: ${health.status} ${JSON.stringify(body)}`);
  const { post, token } = await premiumUser(`${origin}/api`, 'smoke@example.com', env);
  const queued = await post('/generate-face-prompt/', { prompt: 'short red hair' }, token, { prefer: 'respond-async' });
  if (queued.status !== 202) throw new Error(`queue a face: ${queued.status} ${JSON.stringify(queued.json)}`);
  let job: Record<string, unknown> = {};
  for (const deadline = Date.now() + 120_000; !['succeeded', 'failed', 'canceled'].includes(job.status as string); ) {
    if (Date.now() > deadline) throw new Error(`job still ${String(job.status)} after 120 s`);
    await new Promise((r) => setTimeout(r, 250));
    job = (await (await fetch(`${origin}/api/jobs/${queued.json.job_id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
  }
  if (job.status !== 'succeeded') throw new Error(`job ${String(job.status)}: ${JSON.stringify(job)}`);
  const picture = await fetch(`${origin}${job.output as string}`);
  // Read to the end before SIGTERM: an unread body keeps its connection, and the server's close waits for it.
  const bytes = (await picture.arrayBuffer()).byteLength;
  if (picture.status !== 200 || bytes === 0) throw new Error(`GET ${String(job.output)}: ${picture.status}, ${bytes} bytes`);
  run.child.kill('SIGTERM');
  const code = await run.exited;
  if (code !== 0) throw new Error(`server exited ${code} on SIGTERM`);
  console.log(`smoke on ${process.version}: health ok, face job ${String(queued.json.job_id)} succeeded (${job.output as string}, ${bytes} bytes), clean exit; ${Date.now() - started} ms`);
} catch (err) {
  run.child.kill('SIGKILL');
  console.error(`smoke failed: ${(err as Error).message}\nserver output:\n${run.output().slice(-3000)}`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
