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

describe('Content Credentials settings', () => {
  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'k'.repeat(40), ...env }).c2pa;

  it('default to a local chain named for Persona Studio', () => {
    expect(load({})).toEqual({ keyFile: null, chainFile: null, organization: 'Persona Studio' });
  });

  it('take the operator key and chain together, never one alone', () => {
    expect(load({ C2PA_SIGNING_KEY_FILE: 'k.pem', C2PA_SIGNING_CHAIN_FILE: '/etc/c.pem', C2PA_ORGANIZATION: 'Acme' })).toEqual({
      keyFile: join(process.cwd(), 'k.pem'),
      chainFile: '/etc/c.pem',
      organization: 'Acme',
    });
    expect(() => load({ C2PA_SIGNING_KEY_FILE: 'k.pem' })).toThrow(/C2PA_SIGNING_CHAIN_FILE is required with C2PA_SIGNING_KEY_FILE/);
    expect(() => load({ C2PA_SIGNING_CHAIN_FILE: 'c.pem' })).toThrow(/C2PA_SIGNING_KEY_FILE is required with C2PA_SIGNING_CHAIN_FILE/);
  });
});
