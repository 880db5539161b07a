// Tests wait for events, never for the wall clock (issue 42). This check reads every file under
// tests/ and refuses:
//   - `waitForTimeout(`: Playwright's fixed sleep; wait for what the page shows instead.
//   - `setTimeout(`: a sleep, unless the same line or the line just above says `timing-ok:` and
//     why (a polling helper's interval with a deadline, a fake server answering late on purpose).
//     Waiting for "nothing more happens" is not a reason: await the queue or sender's idle().
//   - `toBeLessThan(` / `toBeLessThanOrEqual(` / `toBeGreaterThan(` on a measured duration: the
//     line also mentions `Date.now`, `performance.now`, `hrtime`, `elapsed`, `duration`, `took`,
//     or a name ending in `Ms` / a bare `ms` (`elapsedMs`, `waitedMs`, `ms)`), unless allow-listed
//     with `timing-ok:` likewise. `x.duration` (a media file's length read off a <video> or
//     ffprobe) is not a measurement and passes. Durations belong in bench/; tests assert the
//     behaviour (the time-out fired, the signal aborted) or move the injectable clock / fake timers.
// Not caught: a sleep or a measurement spread over several lines, or one hidden behind a helper
// defined outside tests/. `expect(...).toBeLessThan(` on counts, sizes or positions is left alone.
// `npx tsx scripts/checks/test-timing.ts` lists the problems and exits 1; scripts/test.mjs runs it first.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type TimingRule = 'waitForTimeout' | 'setTimeout' | 'duration-assertion';

export interface TimingProblem {
  file: string;
  /** 1-based. */
  line: number;
  rule: TimingRule;
  text: string;
}

const ALLOW = /timing-ok:\s*\S/;
const WAIT_FOR_TIMEOUT = /\bwaitForTimeout\s*\(/;
const SET_TIMEOUT = /\bsetTimeout\s*\(/;
const ORDER_MATCHER = /\.(toBeLessThan|toBeLessThanOrEqual|toBeGreaterThan)\s*\(/;
// A clock read, a word that names a measured time, or `Ms` ending a camelCase name (`elapsedMs`)
// or a bare `ms` (`ms)`, `const ms =`): case matters for the last two, so `items` or `forms` pass.
// `.duration` read off a media element or ffprobe's answer is the media's length, not a measurement.
const CLOCK_WORDS = /Date\.now|performance\.now|hrtime|elapsed|(?<!\.)duration|\btook\b/i;
const MS_NAME = /[a-z0-9]Ms\b|\bms\b/;

function measuresTime(line: string): boolean {
  return CLOCK_WORDS.test(line) || MS_NAME.test(line);
}

/** The problems in `files` (paths as given, lines 1-based), in file then line order. */
export function findTimingProblems(files: ReadonlyArray<{ path: string; text: string }>): TimingProblem[] {
  const problems: TimingProblem[] = [];
  for (const { path, text } of files) {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, i) => {
      const allowed = ALLOW.test(line) || (i > 0 && ALLOW.test(lines[i - 1]));
      const add = (rule: TimingRule) => problems.push({ file: path, line: i + 1, rule, text: line.trim() });
      if (WAIT_FOR_TIMEOUT.test(line)) add('waitForTimeout');
      else if (SET_TIMEOUT.test(line) && !allowed) add('setTimeout');
      if (ORDER_MATCHER.test(line) && measuresTime(line) && !allowed) add('duration-assertion');
    });
  }
  return problems;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (/\.(ts|tsx|js|mjs|cjs)$/.test(entry.name)) yield path;
  }
}

/** Every test source under `root`/tests, with paths relative to `root`. */
export function readTestFiles(root: string): { path: string; text: string }[] {
  return [...walk(join(root, 'tests'))].map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  const problems = findTimingProblems(readTestFiles(root));
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.rule}: ${p.text}`);
  if (problems.length) {
    console.error(`\n${problems.length} timing problem(s) in tests/: wait for an event, move the injectable clock or use fake timers; see scripts/checks/test-timing.ts (allow-list: a \`timing-ok: reason\` comment).`);
    process.exit(1);
  }
  console.log('test timing: no fixed sleeps or duration assertions in tests/');
}
