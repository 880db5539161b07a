// The browser tests' --disable-features switch replaces Playwright's own (Chromium keeps the last one),
// so it must carry every feature the installed Playwright turns off: read from its bundle, where
// chromiumSwitches.ts lists them as `disabledFeatures = [ "Name", … ]`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES } from '../e2e/support/chromium';

const playwrightDisabled = (): string[] => {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
  const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
  if (!list) throw new Error("playwright-core's disabledFeatures list was not found: read chromiumSwitches in its bundle again");
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]);
};

describe('Chromium switches of the browser tests', () => {
  it("repeat every feature the installed Playwright disables, in the one --disable-features switch", () => {
    const theirs = playwrightDisabled();
    expect(theirs.length).toBeGreaterThan(5);
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(theirs));
    const switches = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='));
    expect(switches).toHaveLength(1);
    expect(switches[0].slice('--disable-features='.length).split(',')).toEqual(expect.arrayContaining([...theirs, 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']));
  });
});
