// The load generator the API benchmarks share: REQUESTS requests over CONCURRENCY connections,
// req/s and latency quantiles; and a real signed-in account for authenticated calls.
import { join } from 'node:path';
import { readOutbox } from '../../server/src/mail/mailer.ts';
import type { RunningServer } from '../../tests/e2e/support/server.ts';

export interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
export const CONCURRENCY = 32;

/** `concurrency` below CONCURRENCY shows a call's own time, without the queue of the others. */
export async function measure(url: string, init?: RequestInit, concurrency = CONCURRENCY): Promise<Measured> {
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
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: REQUESTS / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export function fmt(name: string, r: Measured): string {
  return `${name.padEnd(28)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`;
}

/** A signed-in account through the real sign-up (code read from the outbox). */
export async function signIn(server: RunningServer, email = 'bench@example.com'): Promise<{ access: string; userId: string }> {
  const post = async (path: string, body: object) => {
    const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };
  const created = await post('/create_profile/', { email, name: 'Bench', password: 'bench-password' });
  await post('/send_otp/', { email });
  const mail = (await readOutbox(join(server.dataDir, 'outbox'))).find((m) => m.to === email);
  const otp = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
  const verified = await post('/verify_otp/', { email, otp, signup_token: created.signup_token });
  return { access: verified.access as string, userId: (verified.profile as { user_id: string }).user_id };
}
