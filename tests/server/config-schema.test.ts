import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_NAMES } from '../../contract/capabilities.ts';
import { configTable, loadConfig } from '../../server/src/config/index.ts';
import { declared } from '../../server/src/config/setting.ts';
import { SETTINGS } from '../../server/src/config/settings.ts';

describe('the settings schemas', () => {
  it('declare a description for every setting, and defaults their own schema accepts', () => {
    for (const [name, schema] of Object.entries(SETTINGS)) {
      const { description, default: fallback } = declared(schema);
      expect(description, name).toMatch(/\S/);
      if (fallback !== undefined) expect(Value.Check(schema, fallback), name).toBe(true);
    }
  });

  it('list the configured capabilities in the GENERATION_ENGINES help from the capability registry', () => {
    const help = configTable.find((row) => row.name === 'GENERATION_ENGINES')?.description ?? '';
    expect(help).toContain(`capabilities ${CAPABILITY_NAMES.join(', ')}.`);
  });

  it('loading the settings writes nothing (the start makes the secret file)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ps-config-'));
    try {
      expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBeNull();
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
