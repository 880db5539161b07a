// `npm test`: system packages, type check, page build, then every Vitest project
// (unit, server, e2e). `npm test -- e2e` (or unit/server) runs one project. `npm test -- --stress`
// runs it all beside a CPU hog that keeps one core busy from start to end (issue 42: the suite
// must pass on a loaded machine, not only a quiet one).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const projects = process.argv.slice(2).filter((arg) => ['unit', 'server', 'e2e'].includes(arg));
if (process.argv.includes('--stress')) {
  // A busy loop in its own process at normal priority: the tests share the machine with it. It
  // ends itself when this script is gone (its parent changes), even if this one is killed.
  const loop = 'const parent = process.ppid; for (let i = 0; ; i++) if (i % 1e7 === 0 && process.ppid !== parent) process.exit(0);';
  const hog = spawn(process.execPath, ['-e', loop], { stdio: 'ignore' });
  process.on('exit', () => hog.kill('SIGKILL'));
  console.log(`== stress: a CPU hog (pid ${hog.pid}) keeps one core busy for the whole run`);
}
const needsBrowser = projects.length === 0 || projects.includes('e2e');

/** Seconds each step took, printed in the closing table. */
const steps = [];
const since = (start) => (performance.now() - start) / 1000;

function run(label, args, { exitOnFailure = true } = {}) {
  console.log(`\n== ${label}`);
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
  steps.push([label, since(start)]);
  if (result.status !== 0 && exitOnFailure) {
    console.error(`${label} failed`);
    process.exit(result.status ?? 1);
  }
  return result.status ?? 1;
}

const { register } = await import('tsx/esm/api');
register();
// Fixed sleeps and duration assertions in tests/ (issue 42): a second's read, before anything slow.
run('test timing check', ['--import', 'tsx', join(root, 'scripts', 'checks', 'test-timing.ts')]);
// The layers of ARCHITECTURE.md (issue 43): imports between them and SQL outside db/.
run('layer check', ['--import', 'tsx', join(root, 'scripts', 'checks', 'layers.ts')]);
const { ensureSystemPackages } = await import('./system-packages.ts');
const packagesStart = performance.now();
ensureSystemPackages('tests');
steps.push(['system packages', since(packagesStart)]);
run('type check (tsc -b)', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);
if (needsBrowser) run('page build (vite build)', [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
// One Vitest over the chosen layers: the unit files first, then the browser files (two at a time;
// E2E_WORKERS for another count), then the server files two at a time (vitest.config.ts).
const projectArgs = (projects.length ? projects : ['unit', 'server', 'e2e']).flatMap((p) => ['--project', p]);
const report = join(root, '.tmp', 'vitest-report.json');
rmSync(report, { force: true });
const status = run(
  'tests (vitest)',
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { exitOnFailure: false },
);
// The run's timing table (issue 42), then one plain closing line for CI: 'tests: N passed, N failed'.
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\n${timingTable(results.testResults)}`);
  console.log(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`);
} else console.log('\ntests: no report written');
process.exit(status);

/** Each step's seconds; each layer's wall time (first file's start to last file's end) and the sum of its files; the 10 slowest files. */
function timingTable(files) {
  const layerOf = (name) => /tests\/(unit|server|e2e)\//.exec(name)?.[1] ?? 'other';
  const timed = files.map((f) => ({ name: relative(root, f.name), layer: layerOf(f.name), start: f.startTime, end: f.endTime, s: (f.endTime - f.startTime) / 1000 }));
  const pad = (text, n) => String(text).padEnd(n);
  const secs = (n) => `${n.toFixed(1)} s`.padStart(9);
  const lines = ['== timing', pad('step', 34) + 'time'];
  for (const [label, s] of steps) lines.push(pad(label, 34) + secs(s));
  lines.push('', pad('layer', 10) + pad('files', 7) + 'wall'.padStart(9) + '  sum of files');
  for (const layer of ['unit', 'server', 'e2e', 'other']) {
    const mine = timed.filter((f) => f.layer === layer);
    if (!mine.length) continue;
    const wall = (Math.max(...mine.map((f) => f.end)) - Math.min(...mine.map((f) => f.start))) / 1000;
    lines.push(pad(layer, 10) + pad(mine.length, 7) + secs(wall) + secs(mine.reduce((a, f) => a + f.s, 0)));
  }
  lines.push('', 'slowest files');
  for (const f of [...timed].sort((a, b) => b.s - a.s).slice(0, 10)) lines.push(secs(f.s) + '  ' + f.name);
  return lines.join('\n');
}
