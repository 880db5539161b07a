import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable } from '../../server/src/config/index.ts';

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('documents every environment variable with its default and description, as the settings schemas declare them', () => {
    // Both directions: a setting missing from the README, a row naming no setting, or a default or
    // description that differs all fail here (the schemas in server/src/config/ are the source).
    const rows = readme.split('\n').flatMap((line) => {
      const match = /^\| `([A-Z][A-Z0-9_]*)` \| (.*?) \| (.*) \|$/.exec(line);
      return match ? [{ name: match[1]!, default: match[2]!, description: match[3]! }] : [];
    });
    const byName = (docs: readonly { name: string; default: string; description: string }[]) =>
      Object.fromEntries(docs.map(({ name, ...doc }) => [name, doc]));
    expect(rows.length).toBe(new Set(rows.map((r) => r.name)).size);
    expect(byName(rows)).toEqual(byName(configTable));
  });

  it('starts with the product, then the two commands', () => {
    expect(readme.indexOf('npm install && npm start')).toBeGreaterThan(0);
    expect(readme.indexOf('npm test')).toBeGreaterThan(readme.indexOf('npm install && npm start'));
  });
});
