import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { countryName } from './countries.ts';
import { isNonPublicIp, normalizeIp } from './ip.ts';

/** The part of geoip-country (offline GeoLite2 country data, no typings) that we use. */
interface GeoipCountry {
  lookup(ip: string): { country: string; name?: string } | null;
}

let geoip: GeoipCountry | undefined;

/** Loaded on first use: reading its data files takes a few tens of milliseconds. */
function database(): GeoipCountry {
  geoip ??= createRequire(import.meta.url)('geoip-country') as GeoipCountry;
  return geoip;
}

export interface CountryLookup {
  country: string | null;
  country_name: string | null;
}

const UNKNOWN: CountryLookup = { country: null, country_name: null };

/** 'ip' is not an IPv4 or IPv6 address (after trimming and unmapping). */
export class InvalidIpError extends Error {}

/**
 * The country of an address. `override` (COUNTRY_OVERRIDE, for local development) stands in for
 * private and loopback addresses only, so a developer at 127.0.0.1 can see India's prices.
 */
export function countryOfIp(rawIp: string, override: string | null = null): CountryLookup {
  const ip = normalizeIp(rawIp);
  if (isIP(ip) === 0) throw new InvalidIpError(`not an IP address: ${rawIp}`);
  if (isNonPublicIp(ip)) return override ? { country: override, country_name: countryName(override) ?? override } : UNKNOWN;
  const hit = database().lookup(ip);
  if (!hit?.country) return UNKNOWN;
  const code = hit.country.toUpperCase();
  return { country: code, country_name: countryName(code) ?? hit.name ?? code };
}
