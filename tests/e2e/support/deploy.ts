import { appendFileSync, copyFileSync, mkdtempSync, readdirSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILT_DIR } from './server';

/**
 * A new build's worker arriving while the app is open: the page is served from a folder whose
 * every entry links to the build except sw.js, a copy the test changes as a deploy would.
 */
export function deployableCopy(): { dir: string; deploy: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'persona-deploy-'));
  for (const name of readdirSync(BUILT_DIR)) {
    // sw.js.br/.gz would be served in place of the changed sw.js.
    if (/^sw\.js\.(br|gz)$/.test(name)) continue;
    if (name === 'sw.js') copyFileSync(join(BUILT_DIR, name), join(dir, name));
    else symlinkSync(join(BUILT_DIR, name), join(dir, name));
  }
  let version = 0;
  return { dir, deploy: () => appendFileSync(join(dir, 'sw.js'), `\n// deploy ${++version}\n`) };
}
