// United States: every ZIP code, from zipcodes (the federalgovernmentzipcodes.us list, ~42,500 codes).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PostalIndex, PostalPlace } from '../postal.ts';
import { placeInterner } from './places.ts';

/** What we read of one ZIP code in zipcodes' lib/codes.js. */
interface ZipCode {
  city: string;
  state: string;
}

/** USPS state codes, with territories, freely associated states and the armed forces' codes. */
const STATE_NAMES: Readonly<Record<string, string>> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
  AS: 'American Samoa', GU: 'Guam', MP: 'Northern Mariana Islands', PR: 'Puerto Rico', VI: 'U.S. Virgin Islands',
  FM: 'Federated States of Micronesia', MH: 'Marshall Islands', PW: 'Palau',
  AA: 'Armed Forces Americas', AE: 'Armed Forces Europe', AP: 'Armed Forces Pacific',
};

export async function loadUnitedStates(): Promise<PostalIndex> {
  const file = createRequire(import.meta.url).resolve('zipcodes/lib/codes.js');
  // Its first line is `exports.codes = {JSON};`. Parsed as JSON rather than required: 4x faster
  // than compiling the 5 MB module, and require() would keep it (coordinates and all) cached for good.
  const literal = /^exports\.codes = (\{.*\});$/m.exec(await readFile(file, 'utf8'))?.[1];
  if (!literal) throw new Error(`zipcodes: ${file} no longer starts with exports.codes = {...};`);
  const codes = JSON.parse(literal) as Record<string, ZipCode>;
  const place = placeInterner();
  const index = new Map<string, PostalPlace>();
  for (const [zip, { city, state }] of Object.entries(codes)) index.set(zip, place(city, STATE_NAMES[state] ?? state));
  return index;
}
