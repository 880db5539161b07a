// `npm test`: system packages, type check and page build (side by side), then every Vitest project
// (unit, server, e2e). `npm test -- e2e` (or unit/server) runs one project. `npm test -- --stress`
// runs it all beside a CPU hog that keeps one core busy from start to end (issue 42: the suite
// must pass on a loaded machine, not only a quiet one).
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addonBuildEnv } from './addon-build.mjs';
import { closingLine, readReport, timingTable } from './timing-table.mjs';

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

/** `run` without waiting: resolves to [label, exit status] (the output goes straight to this one's). */
function runAsync(label, args, command = process.execPath, env = process.env) {
  console.log(`\n== ${label} (started)`);
  const start = performance.now();
  return new Promise((done) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
    child.on('exit', (code, signal) => {
      steps.push([label, since(start)]);
      console.log(`== ${label}: ${code === 0 ? 'done' : `failed (${code ?? signal})`} in ${since(start).toFixed(1)} s`);
      done([label, code ?? 1]);
    });
  });
}

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
// The compiled addon an install left unbuilt (`npm ci --ignore-scripts`, as .ci/run does: better-sqlite3
// compiles from source where its prebuilt binary cannot be downloaded, about 85 s of one core), built
// beside the system packages, the type check and the page build instead of before them. (esbuild's
// install script, the other one allowed, only checks its binary: tsx and Vite run it as installed.)
const nativeReady = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { cwd: root, stdio: 'ignore' }).status === 0;
const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
// Through ccache where the machine has it: Node 24's build of the same addon then reuses SQLite's compile (scripts/addon-build.mjs).
const native = nativeReady ? [] : [runAsync('native addon (npm rebuild better-sqlite3)', [...npm[1], 'rebuild', 'better-sqlite3'], npm[0], { ...process.env, ...addonBuildEnv(root) })];
const { ensureSystemPackages } = await import('./system-packages.ts');
const packagesStart = performance.now();
ensureSystemPackages('tests');
steps.push(['system packages', since(packagesStart)]);
// The type check and the page build side by side: each keeps one core busy (about 48 s and 19 s on
// CI one after the other); a failure of either stops the run once both have ended.
const both = [runAsync('type check (tsc -b)', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b'])];
if (needsBrowser) both.push(runAsync('page build (vite build)', [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']));
const failed = (await Promise.all([...both, ...native])).filter(([, status]) => status !== 0);
for (const [label] of failed) console.error(`${label} failed`);
if (failed.length) process.exit(failed[0][1] || 1);
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
const results = readReport(report);
if (results) {
  console.log(`\n${timingTable(steps, [{ label: `node ${process.versions.node.split('.')[0]}`, files: results.testResults }])}`);
  console.log(`\n${closingLine([results])}`);
} else console.log('\ntests: no report written');
process.exit(status);
