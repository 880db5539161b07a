// `npm test`: system packages, type check, page build, then every Vitest project
// (unit, server, e2e). `npm test -- e2e` (or unit/server) runs one project.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const projects = process.argv.slice(2).filter((arg) => ['unit', 'server', 'e2e'].includes(arg));
const needsBrowser = projects.length === 0 || projects.includes('e2e');

function run(label, args, { exitOnFailure = true } = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: process.env });
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
const { ensureSystemPackages } = await import('./system-packages.ts');
ensureSystemPackages('tests');
run('type check (tsc -b)', [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);
if (needsBrowser) run('page build (vite build)', [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn']);
const projectArgs = (projects.length ? projects : ['unit', 'server', 'e2e']).flatMap((p) => ['--project', p]);
const report = join(root, '.tmp', 'vitest-report.json');
const status = run(
  'tests (vitest)',
  [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...projectArgs, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
  { exitOnFailure: false },
);
// One plain closing line for CI: 'tests: N passed, N failed'.
if (existsSync(report)) {
  const { numPassedTests, numFailedTests, numPendingTests } = JSON.parse(readFileSync(report, 'utf8'));
  console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed, ${numPendingTests} skipped`);
}
process.exit(status);
