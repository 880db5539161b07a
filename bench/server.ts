// npm run bench:server — requests per second of GET /api/health (real server, real SQLite check),
// of the SPA fallback and of a signed-in call (bearer token checked against its live session), against
// a bare node:http server answering the same JSON (reference).
import { createServer } from 'node:http';
import { join } from 'node:path';
import { readOutbox } from '../server/src/mail/mailer.ts';
import { startServer, type RunningServer } from '../tests/e2e/support/server.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = 32;

async function measure(url: string, init?: RequestInit): Promise<{ rps: number; p50: number; p95: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (next < REQUESTS) {
      next += 1;
      const t = performance.now();
      const res = await fetch(url, init);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      latencies.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: REQUESTS / seconds, p50: at(0.5), p95: at(0.95) };
}

function fmt(name: string, r: { rps: number; p50: number; p95: number }): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms`;
}

const reference = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 'ok', database: 'ok' }));
});
await new Promise<void>((r) => reference.listen(0, '127.0.0.1', r));
const refAddress = reference.address();
const refUrl = `http://127.0.0.1:${typeof refAddress === 'object' && refAddress ? refAddress.port : 0}/`;

/** A signed-in account through the real sign-up (code read from the outbox). */
async function signIn(server: RunningServer): Promise<{ access: string; userId: string }> {
  const post = async (path: string, body: object) => {
    const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const email = 'bench@example.com';
  const created = await post('/create_profile/', { email, name: 'Bench', password: 'bench-password' });
  await post('/send_otp/', { email });
  const [mail] = await readOutbox(join(server.dataDir, 'outbox'));
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  const verified = await post('/verify_otp/', { email, otp, signup_token: created.signup_token });
  return { access: verified.access as string, userId: (verified.profile as { user_id: string }).user_id };
}

const server = await startServer({ LOG_LEVEL: 'silent' });
try {
  const { access, userId } = await signIn(server);
  const profile: RequestInit = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ user_id: userId }),
  };
  await measure(`${server.url}/api/health`); // warm-up
  await measure(`${server.url}/api/get_profiles/`, profile);
  const health = await measure(`${server.url}/api/health`);
  const page = await measure(`${server.url}/face`);
  const signedIn = await measure(`${server.url}/api/get_profiles/`, profile);
  const ref = await measure(refUrl);
  console.log(`${REQUESTS} requests, ${CONCURRENCY} concurrent, loopback, 2-core machine`);
  console.log(fmt('bare node:http (reference)', ref));
  console.log(fmt('GET /face (SPA index.html)', page));
  console.log(fmt('POST /api/get_profiles/', signedIn));
  console.log(`signed-in call vs reference: ${(signedIn.rps / ref.rps).toFixed(2)}x of bare node:http throughput`);
  console.log(fmt('GET /api/health', health));
  console.log(`health vs reference: ${(health.rps / ref.rps).toFixed(2)}x of bare node:http throughput`);
} finally {
  await server.stop();
  reference.close();
}
