// npm run bench:postal — offline postal-code lookups (server/src/billing/postal.ts): the first lookup
// per country (reading its package's data), the event loop's longest stall meanwhile, heap and RSS
// growth once loaded, then lookups per second over random PIN/ZIP codes (about 3 in 4 known).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { lookupPostalCode, postalIndex } from '../server/src/billing/postal.ts';

const LOOKUPS = Number(process.env.BENCH_LOOKUPS ?? 300_000);
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Heap and RSS after a full collection when node runs with --expose-gc (the npm script does). */
function memory(): { heap: number; rss: number } {
  globalThis.gc?.();
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

const before = memory();
const stall = monitorEventLoopDelay({ resolution: 1 });
const firstLookup: Record<string, number> = {};
stall.enable();
for (const [country, code] of [['IN', '380001'], ['US', '90210']] as const) {
  const t = performance.now();
  if (!(await lookupPostalCode(country, code))) throw new Error(`${country} ${code} not found`);
  firstLookup[country] = performance.now() - t;
}
stall.disable();
const after = memory();
await new Promise((resolve) => setTimeout(resolve, 2000)); // V8 hands back the parse's garbage pages over a second or two
const settled = memory();

// Random codes, drawn before timing: known ones from the data and random digits (mostly unknown).
const countries = ['IN', 'US'] as const;
const known = await Promise.all(countries.map(async (c) => [...(await postalIndex(c)).keys()]));
const queries: [string, string][] = Array.from({ length: LOOKUPS }, (_, i) => {
  const c = i % 2;
  const codes = known[c];
  const code = Math.random() < 0.75 ? codes[Math.floor(Math.random() * codes.length)] : String(Math.floor(Math.random() * 10 ** (c ? 5 : 6))).padStart(c ? 5 : 6, '0');
  return [countries[c], code];
});
let hits = 0;
const t = performance.now();
for (const [country, code] of queries) if (await lookupPostalCode(country, code)) hits += 1;
const perSecond = LOOKUPS / ((performance.now() - t) / 1000);

console.log(`data: ${known[0].length} Indian PINs, ${known[1].length} US ZIP codes`);
console.log(`first lookup (loads the data): IN ${firstLookup.IN.toFixed(0)} ms, US ${firstLookup.US.toFixed(0)} ms; longest event-loop stall ${(stall.max / 1e6).toFixed(0)} ms`);
console.log(`growth once loaded${globalThis.gc ? '' : ' (no --expose-gc: rough)'}: heap +${mb(after.heap - before.heap)}, RSS +${mb(after.rss - before.rss)} (+${mb(settled.rss - before.rss)} 2 s later)`);
console.log(`${LOOKUPS} random lookups, ${((hits / LOOKUPS) * 100).toFixed(0)}% found: ${(perSecond / 1e6).toFixed(2)} M lookups/s (${(1e9 / perSecond).toFixed(0)} ns each)`);
console.log(`postal lookups: first IN lookup ${firstLookup.IN.toFixed(0)} ms, then ${(perSecond / 1e6).toFixed(2)} M/s; heap +${mb(after.heap - before.heap)} for both countries`);
