// The timing table every test run ends with (issue 42): each step's seconds, each layer's wall time
// (its first file's start to its last file's end) and the sum of its files' times, and the 10
// slowest files. `npm test` and `npm run test:node24` print it for their own run; `.ci/run` prints
// one for both runs with `node scripts/timing-table.mjs REPORT…` (Vitest JSON reports), which also
// ends with the closing line CI reads: 'tests: N passed, N failed, N skipped'.
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');

/**
 * `steps`: [label, seconds] pairs; `runs`: [{ label, files }] where files are a Vitest JSON report's
 * testResults (the label, e.g. 'node 24', is printed beside each layer when there is more than one run).
 */
export function timingTable(steps, runs) {
  const layerOf = (name) => /tests\/(unit|server|e2e)\//.exec(name)?.[1] ?? 'other';
  const pad = (text, n) => String(text).padEnd(n);
  const secs = (n) => `${n.toFixed(1)} s`.padStart(9);
  const lines = ['== timing'];
  if (steps.length) {
    lines.push(pad('step', 34) + 'time');
    for (const [label, s] of steps) lines.push(pad(label, 34) + secs(s));
    lines.push('');
  }
  lines.push(pad('layer', 18) + pad('files', 7) + 'wall'.padStart(9) + '  sum of files');
  const all = [];
  for (const run of runs) {
    const timed = run.files.map((f) => ({ name: relative(root, f.name).replace(/^\.tmp\/node24-app\//, ''), layer: layerOf(f.name), start: f.startTime, end: f.endTime, s: (f.endTime - f.startTime) / 1000, run: run.label }));
    all.push(...timed);
    for (const layer of ['unit', 'server', 'e2e', 'other']) {
      const mine = timed.filter((f) => f.layer === layer);
      if (!mine.length) continue;
      const wall = (Math.max(...mine.map((f) => f.end)) - Math.min(...mine.map((f) => f.start))) / 1000;
      const name = runs.length > 1 ? `${layer} (${run.label})` : layer;
      lines.push(pad(name, 18) + pad(mine.length, 7) + secs(wall) + secs(mine.reduce((a, f) => a + f.s, 0)));
    }
  }
  lines.push('', 'slowest files');
  for (const f of [...all].sort((a, b) => b.s - a.s).slice(0, 10)) lines.push(secs(f.s) + '  ' + f.name + (runs.length > 1 ? ` (${f.run})` : ''));
  return lines.join('\n');
}

/** The closing line: counts summed over the reports. */
export function closingLine(reports) {
  const sum = (key) => reports.reduce((a, r) => a + r[key], 0);
  return `tests: ${sum('numPassedTests')} passed, ${sum('numFailedTests')} failed, ${sum('numPendingTests')} skipped`;
}

/** The report at `path`, or null when the run wrote none (it stopped before its tests). */
export const readReport = (path) => (existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null);

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // node scripts/timing-table.mjs LABEL=REPORT …
  const runs = process.argv.slice(2).map((arg) => {
    const [label, path] = arg.includes('=') ? arg.split('=') : [arg, arg];
    return { label, report: readReport(path) };
  });
  const present = runs.filter((r) => r.report);
  for (const r of runs) if (!r.report) console.log(`(${r.label}: no report: that run stopped before its tests)`);
  console.log(timingTable([], present.map((r) => ({ label: r.label, files: r.report.testResults }))));
  console.log(`\n${present.length ? closingLine(present.map((r) => r.report)) : 'tests: no report written'}`);
}
