// npm run bench:lighthouse — Lighthouse (mobile preset, simulated throttling) on /, /pricing, /blogs and /login (BENCH_PAGES), five runs each (BENCH_RUNS)
// of the built app served by the real server, in Debian's Chromium. Prints LCP, CLS and TBT per
// page and the gzip size of the JavaScript each page loads, against the targets; the last line
// holds the key figures. Build first (npm run build, or point BENCH_PUBLIC_DIR at a build).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium.ts';
import { ROOT, startServer } from '../tests/e2e/support/server.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/pricing,/blogs,/login').split(',');
/** Lighthouse's own advice for its variance: run several times (it suggests five) and take the median. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const TARGET = { lcpMs: 2500, cls: 0.1, tbtMs: 200, jsKb: 150 } as const;
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

interface NetworkItem {
  url: string;
  resourceType?: string;
  sessionTargetType?: string;
  mimeType?: string;
}

interface PageResult {
  path: string;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsKb: number;
  scripts: number;
  biggest: string;
  longTasks: string;
}

/** Sum of gzip sizes of the same-origin scripts the page itself requested. */
async function jsGzipKb(origin: string, items: NetworkItem[]): Promise<{ kb: number; count: number; biggest: string }> {
  const urls = new Set(
    items
      .filter((i) => i.resourceType === 'Script' && (i.sessionTargetType ?? 'page') === 'page')
      .map((i) => i.url)
      .filter((u) => u.startsWith(origin)),
  );
  let bytes = 0;
  const sizes: Array<[string, number]> = [];
  for (const url of urls) {
    const res = await fetch(url);
    const gz = gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
    bytes += gz;
    sizes.push([new URL(url).pathname.replace(/^\/assets\//, ''), gz]);
  }
  const biggest = sizes
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, gz]) => `${name} ${(gz / 1024).toFixed(1)}`)
    .join(', ');
  return { kb: bytes / 1024, count: urls.size, biggest };
}

async function audit(origin: string, path: string, port: number): Promise<PageResult> {
  const measure = () => lighthouse(`${origin}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  let runner = await measure();
  // Chromium now and then loses the trace's navigation start (NO_NAVSTART), more often on a busy
  // machine (it failed twice in a row once): measure that page again, up to three more times.
  for (let retry = 0; retry < 3 && runner?.lhr.runtimeError?.code === 'NO_NAVSTART'; retry++) runner = await measure();
  if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
  const { audits, runtimeError } = runner.lhr;
  // BENCH_LHR_DIR=folder keeps each page's full Lighthouse report (JSON) for a closer look.
  if (process.env.BENCH_LHR_DIR) {
    mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    writeFileSync(join(process.env.BENCH_LHR_DIR, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(runner.lhr));
  }
  if (runtimeError) throw new Error(`${path}: ${runtimeError.code} ${runtimeError.message}`);
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
  const js = await jsGzipKb(origin, items);
  const tasks = ((audits['long-tasks']?.details as { items?: Array<{ url: string; duration: number }> } | undefined)?.items ?? [])
    .slice(0, 5)
    .map((t) => `${Math.round(t.duration)} ${t.url.replace(origin, '').replace(/^\/assets\//, '') || '(page)'}`)
    .join(', ');
  return {
    path,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    jsKb: js.kb,
    scripts: js.count,
    biggest: js.biggest,
    longTasks: tasks || 'none',
  };
}

const ok = (pass: boolean) => (pass ? 'ok' : 'OVER');

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/** Each metric's median over the runs (JS, scripts and task lists from the run nearest the median TBT). */
function medianRun(runs: PageResult[]): PageResult {
  const tbt = median(runs.map((r) => r.tbtMs));
  const nearest = runs.reduce((best, r) => (Math.abs(r.tbtMs - tbt) < Math.abs(best.tbtMs - tbt) ? r : best));
  return {
    ...nearest,
    lcpMs: median(runs.map((r) => r.lcpMs)),
    cls: median(runs.map((r) => r.cls)),
    tbtMs: tbt,
    jsKb: median(runs.map((r) => r.jsKb)),
  };
}

async function main(): Promise<void> {
  const publicDir = resolve(process.env.BENCH_PUBLIC_DIR ?? process.env.PUBLIC_DIR ?? join(ROOT, 'dist'));
  if (!existsSync(join(publicDir, 'index.html'))) {
    throw new Error(`No build in ${publicDir}: run npm run build first (or set BENCH_PUBLIC_DIR).`);
  }
  const server = await startServer({ PUBLIC_DIR: publicDir, NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const results: PageResult[] = [];
  try {
    // Warm the server (first-request compilation, media library start) before measuring.
    await fetch(`${server.url}/`).then((r) => r.arrayBuffer());
    for (const path of PAGES) {
      const runs: PageResult[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await audit(server.url, path, chrome.port));
      const r = medianRun(runs);
      results.push(r);
      const spread = (pick: (x: PageResult) => number, unit: (v: number) => string) =>
        RUNS > 1 ? ` [${runs.map(pick).sort((a, b) => a - b).map(unit).join(', ')}]` : '';
      console.log(
        `${path.padEnd(10)} LCP ${(r.lcpMs / 1000).toFixed(2)} s (${ok(r.lcpMs <= TARGET.lcpMs)}, ${(r.lcpMs / TARGET.lcpMs).toFixed(2)}x target)` +
          `  CLS ${r.cls.toFixed(3)} (${ok(r.cls <= TARGET.cls)})` +
          `  TBT ${Math.round(r.tbtMs)} ms (${ok(r.tbtMs <= TARGET.tbtMs)}, ${(r.tbtMs / TARGET.tbtMs).toFixed(2)}x target)` +
          `  JS ${r.jsKb.toFixed(1)} KB gzip in ${r.scripts} files (${ok(r.jsKb <= TARGET.jsKb)}, ${(r.jsKb / TARGET.jsKb).toFixed(2)}x target)`,
      );
      if (RUNS > 1) {
        console.log(
          `${''.padEnd(10)} median of ${RUNS} runs; all runs: LCP${spread((x) => x.lcpMs, (v) => (v / 1000).toFixed(2))}` +
            ` TBT${spread((x) => x.tbtMs, (v) => String(Math.round(v)))} JS${spread((x) => x.jsKb, (v) => v.toFixed(1))}`,
        );
      }
      console.log(`${''.padEnd(10)} biggest scripts (KB gzip): ${r.biggest}`);
      console.log(`${''.padEnd(10)} longest main-thread tasks (ms, simulated): ${r.longTasks}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
  }
  const worst = {
    lcp: Math.max(...results.map((r) => r.lcpMs)),
    cls: Math.max(...results.map((r) => r.cls)),
    tbt: Math.max(...results.map((r) => r.tbtMs)),
    js: Math.max(...results.map((r) => r.jsKb)),
  };
  const pass = worst.lcp <= TARGET.lcpMs && worst.cls <= TARGET.cls && worst.tbt <= TARGET.tbtMs && worst.js <= TARGET.jsKb;
  console.log(
    `targets: LCP <= 2.5 s, CLS <= 0.1, TBT <= 200 ms, public-page JS <= 150 KB gzip\n` +
      `lighthouse (mobile, median of ${RUNS} runs, worst of ${PAGES.join(' ')}): LCP ${(worst.lcp / 1000).toFixed(2)} s, CLS ${worst.cls.toFixed(3)}, ` +
      `TBT ${Math.round(worst.tbt)} ms, JS ${worst.js.toFixed(1)} KB gzip -> ${pass ? 'PASS' : 'FAIL'}`,
  );
  if (!pass) process.exitCode = 1;
}

await main();
