// Offline postal-code lookups (city and state of a PIN or ZIP code) for the billing address form.
import { loadIndia } from './postal/india.ts';
import { loadUnitedStates } from './postal/us.ts';

export interface PostalPlace {
  city: string;
  state: string;
}

/** Postal code → place, for one country. */
export type PostalIndex = ReadonlyMap<string, PostalPlace>;

/** Countries we hold postal data for (ISO alpha-2) and how to read it from its package. */
const LOADERS: Readonly<Record<string, () => Promise<PostalIndex>>> = { IN: loadIndia, US: loadUnitedStates };

const EMPTY: PostalIndex = new Map();
const indexes = new Map<string, Promise<PostalIndex>>();

/** Countries we hold postal data for (ISO alpha-2, upper case): 'IN' and 'US'. */
export function hasPostalData(countryCode: string): boolean {
  return Object.hasOwn(LOADERS, countryCode.toUpperCase());
}

/** A country's whole index, read once on first use (tens to hundreds of ms); empty where we hold no data. */
export function postalIndex(countryCode: string): Promise<PostalIndex> {
  const country = countryCode.toUpperCase();
  if (!hasPostalData(country)) return Promise.resolve(EMPTY);
  let index = indexes.get(country);
  if (!index) {
    index = LOADERS[country]();
    indexes.set(country, index);
    // A failed read is not kept: the next lookup tries again.
    index.catch(() => indexes.delete(country));
  }
  return index;
}

/** The place of a postal code, or null when the code is not in our data. Assumes the caller already checked the code's format. */
export async function lookupPostalCode(countryCode: string, code: string): Promise<PostalPlace | null> {
  return (await postalIndex(countryCode)).get(code) ?? null;
}
