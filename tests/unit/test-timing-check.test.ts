// The check scripts/test.mjs runs before every layer (issue 42): each rule finds its planted
// example, and the allow-listed or harmless look-alikes pass.
import { describe, expect, it } from 'vitest';
import { findTimingProblems } from '../../scripts/checks/test-timing';

// Written with stand-ins (WAIT, SLEEP, LT, LTE, GT) so this file does not trip the check itself.
const real = (text: string) =>
  text
    .replaceAll('WAIT(', ['waitFor', 'Timeout('].join(''))
    .replaceAll('SLEEP(', ['set', 'Timeout('].join(''))
    .replaceAll('.LTE(', ['.toBe', 'LessThanOrEqual('].join(''))
    .replaceAll('.LT(', ['.toBe', 'LessThan('].join(''))
    .replaceAll('.GT(', ['.toBe', 'GreaterThan('].join(''));

const planted = real(
  [
    'await page.WAIT(500);', // 1 waitForTimeout
    'await new Promise((r) => SLEEP(r, 1_000));', // 2 setTimeout
    'expect(Date.now() - started).LT(3_000);', // 3 duration
    'expect(performance.now() - t0).LTE(500);', // 4 duration
    'expect(elapsedMs).GT(100);', // 5 duration
    'expect(outcome.stop.ms).LT(500);', // 6 duration
    'expect(process.hrtime.bigint() - t).LT(10n);', // 7 duration
    '// timing-ok: poll interval of until(), which has a deadline',
    'await new Promise((r) => SLEEP(r, 25));', // 9 allowed (comment above)
    'expect(Date.now() - started).LT(3_000); // timing-ok: planted allow-listed example',
    'expect(items.length).LT(3);', // counts pass
    'expect(forms).GT(0);',
    'expect(Number(info.format.duration)).GT(0.9);', // a media file's length
    'const timer = clearTimeout(handle);',
    'await page.WAIT(10); // timing-ok: not enough for waitForTimeout', // 15 refused all the same
  ].join('\n'),
);

describe('test timing check', () => {
  it('finds exactly the planted sleeps and duration assertions', () => {
    const problems = findTimingProblems([{ path: 'tests/x.test.ts', text: planted }]);
    expect(problems.map((p) => [p.line, p.rule])).toEqual([
      [1, 'waitForTimeout'],
      [2, 'setTimeout'],
      [3, 'duration-assertion'],
      [4, 'duration-assertion'],
      [5, 'duration-assertion'],
      [6, 'duration-assertion'],
      [7, 'duration-assertion'],
      [15, 'waitForTimeout'],
    ]);
    expect(problems[1]).toEqual({ file: 'tests/x.test.ts', line: 2, rule: 'setTimeout', text: real('await new Promise((r) => SLEEP(r, 1_000));') });
  });

  it('an allow-list comment two lines above does not count', () => {
    const text = real('// timing-ok: too far away\nconst a = 1;\nSLEEP(done, 10);');
    expect(findTimingProblems([{ path: 'a.ts', text }]).map((p) => p.line)).toEqual([3]);
  });

  it('a bare `timing-ok:` without a reason is no allow-list', () => {
    expect(findTimingProblems([{ path: 'a.ts', text: real('SLEEP(done, 10); // timing-ok:') }])).toHaveLength(1);
  });
});
