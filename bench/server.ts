// npm run bench:server — requests per second of GET /api/health (real server, real SQLite check),
// of the SPA fallback and of a signed-in call (bearer token checked against its live session), against
// a bare node:http server answering the same JSON (reference).
import { createServer } from 'node:http';
import { startServer } from '../tests/e2e/support/server.ts';
import { CONCURRENCY, fmt, measure, REQUESTS, signIn } from './support/load.ts';

const reference = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status: 'ok', database: 'ok' }));
});
await new Promise<void>((r) => reference.listen(0, '127.0.0.1', r));
const refAddress = reference.address();
const refUrl = `http://127.0.0.1:${typeof refAddress === 'object' && refAddress ? refAddress.port : 0}/`;

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
