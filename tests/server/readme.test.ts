import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configTable } from '../../server/src/config.ts';

describe('README', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

  it('documents every environment variable with its default', () => {
    for (const { name, default: fallback } of configTable) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      expect(row).toContain(fallback);
    }
  });

  it('starts with the product, then the two commands', () => {
    expect(readme.indexOf('npm install && npm start')).toBeGreaterThan(0);
    expect(readme.indexOf('npm test')).toBeGreaterThan(readme.indexOf('npm install && npm start'));
  });
});
