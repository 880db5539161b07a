import { describe, expect, it } from 'vitest';
import { hasPostalData, lookupPostalCode, postalIndex } from '../../server/src/billing/postal.ts';

describe('offline postal-code lookups', () => {
  it('holds data for India and the US only', () => {
    expect(hasPostalData('IN')).toBe(true);
    expect(hasPostalData('US')).toBe(true);
    for (const country of ['GB', 'CA', 'AU', 'DE', 'XX', '']) expect(hasPostalData(country)).toBe(false);
  });

  it('finds Indian PIN codes: district and state, in a readable case', async () => {
    expect(await lookupPostalCode('IN', '380001')).toEqual({ city: 'Ahmedabad', state: 'Gujarat' });
    expect(await lookupPostalCode('IN', '400001')).toEqual({ city: 'Mumbai', state: 'Maharashtra' });
    expect(await lookupPostalCode('IN', '560001')).toEqual({ city: 'Bangalore', state: 'Karnataka' });
    expect(await lookupPostalCode('IN', '700001')).toEqual({ city: 'Kolkata', state: 'West Bengal' });
    const delhi = await lookupPostalCode('IN', '110001');
    expect(delhi?.state).toBe('Delhi');
    expect(delhi?.city).toMatch(/^(New|Central) Delhi$/);
  });

  it('names Indian states as they are today', async () => {
    expect(await lookupPostalCode('IN', '194101')).toEqual({ city: 'Leh', state: 'Ladakh' });
    expect(await lookupPostalCode('IN', '492001')).toMatchObject({ state: 'Chhattisgarh' });
    expect(await lookupPostalCode('IN', '605001')).toMatchObject({ state: 'Puducherry' });
    expect(await lookupPostalCode('IN', '500001')).toMatchObject({ state: 'Telangana' });
  });

  it('finds US ZIP codes: city and full state name', async () => {
    expect(await lookupPostalCode('US', '90210')).toEqual({ city: 'Beverly Hills', state: 'California' });
    expect(await lookupPostalCode('US', '10001')).toEqual({ city: 'New York', state: 'New York' });
    expect(await lookupPostalCode('US', '60601')).toEqual({ city: 'Chicago', state: 'Illinois' });
    expect(await lookupPostalCode('US', '20500')).toEqual({ city: 'Washington', state: 'District of Columbia' });
    expect(await lookupPostalCode('US', '00601')).toEqual({ city: 'Adjuntas', state: 'Puerto Rico' });
  });

  it('answers null for codes not in the data and countries without data', async () => {
    expect(await lookupPostalCode('IN', '000000')).toBeNull();
    expect(await lookupPostalCode('IN', '999999')).toBeNull();
    expect(await lookupPostalCode('US', '00000')).toBeNull();
    expect(await lookupPostalCode('US', '380001')).toBeNull();
    expect(await lookupPostalCode('GB', 'SW1A1AA')).toBeNull();
  });

  it('holds every Indian PIN and US ZIP code, each with a city and a state', async () => {
    const india = await postalIndex('IN');
    const us = await postalIndex('US');
    expect(india.size).toBeGreaterThan(18_000);
    expect(us.size).toBeGreaterThan(40_000);
    // No empty names, no 'AHMEDABAD', no 'Raigarh(MH)', no 2-letter US state codes.
    const badIndia = [...india].filter(([pin, { city, state }]) => !/^[1-9]\d{5}$/.test(pin) || !city || !state || /^[A-Z\W]+$|\([A-Z]{2,3}\)$/.test(city));
    const badUs = [...us].filter(([zip, { city, state }]) => !/^\d{5}$/.test(zip) || !city || state.length <= 2);
    expect(badIndia).toEqual([]);
    expect(badUs).toEqual([]);
  });

  it('loads each country once, however many lookups ask at the same time', async () => {
    const [a, b] = await Promise.all([postalIndex('in'), postalIndex('IN')]);
    expect(a).toBe(b);
    const [p, q] = await Promise.all([lookupPostalCode('IN', '380001'), lookupPostalCode('IN', '380002')]);
    expect(p).toBe(q); // one shared place object per (city, state)
  });
});
