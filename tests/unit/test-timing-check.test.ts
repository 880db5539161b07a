// The check scripts/test.mjs runs before every layer (issue 42): each rule finds its planted
// example, and the allow-listed or harmless look-alikes pass.
import { describe, expect, it } from 'vitest';
import { findTimingProblems } from '../../scripts/checks/test-timing';

const planted = [
  "await page.waitForTimeout(500);", // 1 waitForTimeout
  "await new Promise((r) => setTimeout(r, 1_000));", // 2 setTimeout
  "expect(Date.now() - started).toBeLessThan(3_000);", // 3 duration
  "expect(performance.now() - t0).toBeLessThanOrEqual(500);", // 4 duration
  "expect(elapsedMs).toBeGreaterThan(100);", // 5 duration
  "expect(outcome.stop.ms).toBeLessThan(500);", // 6 duration
  "expect(process.hrtime.bigint() - t).toBeLessThan(10n);", // 7 duration
  "// timing-ok: poll interval of until(), which has a deadline",
  "await new Promise((r) => setTimeout(r, 25));", // 9 allowed (comment above)
  "expect(Date.now() - started).toBeLessThan(3_000); // timing-ok: planted allow-listed example",
  "expect(items.length).toBeLessThan(3);", // counts pass
  "expect(forms).toBeGreaterThan(0);",
  "expect(Number(info.format.duration)).toBeGreaterThan(0.9);", // a media file's length
  "const timer = clearTimeout(handle);",
  "await page.waitForTimeout(10); // timing-ok: not enough for waitForTimeout", // 15 refused all the same
].join('\n');

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
    expect(problems[1]).toEqual({ file: 'tests/x.test.ts', line: 2, rule: 'setTimeout', text: 'await new Promise((r) => setTimeout(r, 1_000));' });
  });

  it('an allow-list comment two lines above does not count', () => {
    const text = '// timing-ok: too far away\nconst a = 1;\nsetTimeout(done, 10);';
    expect(findTimingProblems([{ path: 'a.ts', text }]).map((p) => p.line)).toEqual([3]);
  });

  it('a bare `timing-ok:` without a reason is no allow-list', () => {
    expect(findTimingProblems([{ path: 'a.ts', text: 'setTimeout(done, 10); // timing-ok:' }])).toHaveLength(1);
  });
});
