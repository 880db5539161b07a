// axe-core in the page: the WCAG 2.0 A/AA and 2.1 AA rules, no rule disabled. Used by the
// accessibility test (every route) and by feature tests on screens full of their own content.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { animationsEnded } from './settle';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** The violations on the page as it is now, one line each, prefixed with `label`. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // Contrast measured mid-fade is a false alarm: colours are read once they have stopped moving.
  await animationsEnded(page);
  // evaluate(), not a script tag: the CSP allows no inline script.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } }).axe
      .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
      .then((r) => r.violations),
    TAGS,
  )) as Violation[];
  return found.map(
    (v) => `${label} ${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)).join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
  );
}
