import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, configTable, loadConfig, withJwtSecret } from '../../server/src/config/index.ts';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

describe('loadConfig', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ps-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      nodeEnv: 'development',
      logLevel: 'info',
      databaseUrl: null,
      dataDir,
      mediaDir: join(dataDir, 'media'),
      publicDir: join(repoRoot, 'dist'),
      mediaBaseUrl: '/media',
      trustProxy: false,
      googleClientId: null,
    });
    expect(Object.isFrozen(config)).toBe(true);
    const documented = Object.fromEntries(configTable.map((s) => [s.name, s.default]));
    expect(documented).toMatchObject({ PORT: '8080', HOST: '0.0.0.0', DATA_DIR: './data', LOG_LEVEL: 'info', MEDIA_BASE_URL: '/media' });
  });

  it('resolves DATA_DIR against the working folder', () => {
    const config = loadConfig({ DATA_DIR: 'some/relative', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(resolve(process.cwd(), 'some/relative'));
  });

  it('rejects PORT=abc with a message naming the variable and the value', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'abc' })).toThrow(/PORT must be a whole number from 1 to 65535 \(got "abc"\)/);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({ DATA_DIR: dataDir, PORT: '70000', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', MEDIA_BASE_URL: 'media' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems.join('\n');
      expect(problems).toMatch(/^PORT /m);
      expect(problems).toMatch(/^DATABASE_URL must be a postgres/m);
      expect(problems).toMatch(/^LOG_LEVEL must be one of fatal, error/m);
      expect(problems).toMatch(/^MEDIA_BASE_URL /m);
    }
  });

  it('generates JWT_SECRET once into DATA_DIR/secret.key at start (not when loading) and reuses it', () => {
    const settings = loadConfig({ DATA_DIR: dataDir });
    expect(settings.jwtSecret).toBeNull();
    expect(existsSync(join(dataDir, 'secret.key'))).toBe(false);
    const first = withJwtSecret(settings).jwtSecret;
    const second = withJwtSecret(loadConfig({ DATA_DIR: dataDir })).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    const file = join(dataDir, 'secret.key');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('rejects a short JWT_SECRET and accepts a long one', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(40) }).jwtSecret).toBe('k'.repeat(40));
  });

  it('parses TRUST_PROXY as boolean, hop count or address list', () => {
    const trust = (value: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1, 10.0.0.0/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', 'loopback']);
    expect(() => trust('proxy.example')).toThrow(/TRUST_PROXY has entries that are not IPs or CIDRs: proxy.example/);
  });

  it('accepts postgres URLs and absolute media URLs without their trailing slash', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgresql://u:p@db:5432/app',
      MEDIA_BASE_URL: 'https://cdn.example.com/media/',
    });
    expect(config.databaseUrl).toBe('postgresql://u:p@db:5432/app');
    expect(config.mediaBaseUrl).toBe('https://cdn.example.com/media');
  });
});

describe('payments in production', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'ps-config-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(40), ...env });
  const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
    try {
      load(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };
  const RAZORPAY = { PAYMENTS_INDIA: 'razorpay', RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 'secret', RAZORPAY_WEBHOOK_SECRET: 'hook' };

  it('refuses the default (sandbox) payments, naming each market and the opt-in', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^PAYMENTS_INDIA must be razorpay or off in production: .*PAYMENTS_SANDBOX_IN_PRODUCTION=true/);
    expect(problems[1]).toMatch(/^PAYMENTS_INTERNATIONAL must be paypal or off in production: .*PAYMENTS_SANDBOX_IN_PRODUCTION=true/);
  });

  it('refuses the market left unset when only the other is configured, and a sandbox named outright', () => {
    expect(problemsOf({ NODE_ENV: 'production', ...RAZORPAY })).toEqual([expect.stringMatching(/^PAYMENTS_INTERNATIONAL must be paypal or off in production/)]);
    expect(problemsOf({ NODE_ENV: 'production', ...RAZORPAY, PAYMENTS_INTERNATIONAL: 'sandbox' })).toEqual([expect.stringMatching(/^PAYMENTS_INTERNATIONAL .* \(got "sandbox"\)$/)]);
  });

  it('starts with a real provider or off in each market, or with the sandbox opted into', () => {
    expect(load({ NODE_ENV: 'production', ...RAZORPAY, PAYMENTS_INTERNATIONAL: 'off' }).payments).toMatchObject({ india: 'razorpay', international: 'off', paypal: null });
    expect(load({ NODE_ENV: 'production', PAYMENTS_INDIA: 'off', PAYMENTS_INTERNATIONAL: 'off' }).payments).toMatchObject({ india: 'off', international: 'off' });
    expect(load({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'true' }).payments).toMatchObject({ india: 'sandbox', international: 'sandbox' });
    expect(() => load({ NODE_ENV: 'production', PAYMENTS_SANDBOX_IN_PRODUCTION: 'yes' })).toThrow(/PAYMENTS_SANDBOX_IN_PRODUCTION must be true or false/);
  });

  it('development and tests keep the sandbox as the default; off works there too', () => {
    expect(load({}).payments).toMatchObject({ india: 'sandbox', international: 'sandbox' });
    expect(load({ NODE_ENV: 'test', PAYMENTS_INDIA: 'off' }).payments).toMatchObject({ india: 'off', international: 'sandbox' });
    expect(() => load({ PAYMENTS_INDIA: 'stripe' })).toThrow(/PAYMENTS_INDIA must be one of sandbox, razorpay, off/);
  });
});
