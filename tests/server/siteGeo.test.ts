import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config/index.ts';
import { countryOfIp } from '../../server/src/site/geo.ts';
import { isNonPublicIp, normalizeIp } from '../../server/src/site/ip.ts';
import { buildTestApp } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';

// These routes touch no tables: one engine is enough.
describe('IP and country lookups', () => {
  const database = useTestDatabase('sqlite');

  describe('GET /api/find_ip_add/', () => {
    it('answers the socket address and ignores X-Forwarded-For from an untrusted hop', async () => {
      const { app } = await buildTestApp(database.current);
      const res = await app.inject({ method: 'GET', url: '/api/find_ip_add/', headers: { 'x-forwarded-for': '49.36.0.1' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ip: '127.0.0.1' });
      expect(res.headers['cache-control']).toBe('no-store');
      await app.close();
    });

    it('honours X-Forwarded-For when TRUST_PROXY trusts the loopback proxy', async () => {
      const { app } = await buildTestApp(database.current, { env: { TRUST_PROXY: 'loopback' } });
      const res = await app.inject({ method: 'GET', url: '/api/find_ip_add/', headers: { 'x-forwarded-for': '8.8.8.8, 49.36.0.1' } });
      expect(res.json()).toEqual({ ip: '49.36.0.1' });
      await app.close();
    });

    it('still ignores the header when the proxy is not the trusted one', async () => {
      const { app } = await buildTestApp(database.current, { env: { TRUST_PROXY: '10.0.0.5' } });
      const res = await app.inject({
        method: 'GET',
        url: '/api/find_ip_add/',
        headers: { 'x-forwarded-for': '49.36.0.1' },
        remoteAddress: '10.0.0.6',
      });
      expect(res.json()).toEqual({ ip: '10.0.0.6' });
      await app.close();
    });

    it('strips the IPv4-mapped IPv6 prefix', async () => {
      const { app } = await buildTestApp(database.current);
      const res = await app.inject({ method: 'GET', url: '/api/find_ip_add/', remoteAddress: '::ffff:49.36.0.1' });
      expect(res.json()).toEqual({ ip: '49.36.0.1' });
      await app.close();
    });
  });

  describe('POST /api/get_country_name/', () => {
    const ask = async (ip_address: unknown, env: NodeJS.ProcessEnv = {}) => {
      const { app } = await buildTestApp(database.current, { env });
      const res = await app.inject({ method: 'POST', url: '/api/get_country_name/', payload: { ip_address } });
      await app.close();
      return res;
    };

    it.each([
      ['49.36.0.1', 'IN', 'India'],
      ['117.200.0.1', 'IN', 'India'],
      ['8.8.8.8', 'US', 'United States'],
      ['2001:4860:4860::8888', 'US', 'United States'],
      ['::ffff:8.8.8.8', 'US', 'United States'],
    ])('places %s in %s', async (ip, country, country_name) => {
      const res = await ask(ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ country, country_name });
    });

    it.each(['10.1.2.3', '192.168.0.10', '127.0.0.1', '::1', 'fd12::1', '100.64.0.1'])('answers nulls for the private address %s', async (ip) => {
      const res = await ask(ip);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ country: null, country_name: null });
    });

    it('applies COUNTRY_OVERRIDE to private addresses only', async () => {
      expect((await ask('127.0.0.1', { COUNTRY_OVERRIDE: 'in' })).json()).toEqual({ country: 'IN', country_name: 'India' });
      expect((await ask('8.8.8.8', { COUNTRY_OVERRIDE: 'IN' })).json()).toEqual({ country: 'US', country_name: 'United States' });
    });

    it.each(['not-an-ip', '999.1.1.1', '', '1.2.3', 42])('answers 400 naming ip_address for %j', async (ip) => {
      const res = await ask(ip);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Please send a valid IP address', field: 'ip_address' });
    });

    it('answers 400 when ip_address is missing', async () => {
      const { app } = await buildTestApp(database.current);
      const res = await app.inject({ method: 'POST', url: '/api/get_country_name/', payload: {} });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('ip_address');
      await app.close();
    });
  });

  it('GET /api/get_contry_code maps every ISO country code to its English name', async () => {
    const { app } = await buildTestApp(database.current);
    const res = await app.inject({ method: 'GET', url: '/api/get_contry_code' });
    expect(res.statusCode).toBe(200);
    const map = res.json() as Record<string, string>;
    expect(Object.keys(map)).toHaveLength(249);
    expect(map).toMatchObject({ IN: 'India', US: 'United States', GB: 'United Kingdom', DE: 'Germany', AU: 'Australia', CA: 'Canada' });
    for (const [code, name] of Object.entries(map)) {
      expect(code).toMatch(/^[A-Z]{2}$/);
      expect(name).not.toBe(code);
    }
    await app.close();
  });

  it('normalizes and classifies addresses', () => {
    expect(normalizeIp('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8::1');
    expect(isNonPublicIp('172.20.1.1')).toBe(true);
    expect(isNonPublicIp('172.32.1.1')).toBe(false);
    expect(countryOfIp('192.168.1.1', 'US')).toEqual({ country: 'US', country_name: 'United States' });
  });
});

describe('COUNTRY_OVERRIDE', () => {
  it('accepts an ISO country code in any case and refuses anything else', () => {
    const base = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/ps-config-check' };
    expect(loadConfig({ ...base, COUNTRY_OVERRIDE: 'in' }).countryOverride).toBe('IN');
    expect(loadConfig(base).countryOverride).toBeNull();
    for (const bad of ['ZZ', 'EU', 'IND', 'India']) {
      expect(() => loadConfig({ ...base, COUNTRY_OVERRIDE: bad })).toThrow(ConfigError);
    }
  });
});
