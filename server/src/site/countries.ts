// Country names for the billing form and country detection, from the ICU data Node ships (no network).

/** The 249 officially assigned ISO 3166-1 alpha-2 codes. */
export const ISO_ALPHA2 = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** ICU's short forms read oddly in a country picker ('Congo - Kinshasa', 'Hong Kong SAR China'). */
const PLAIN_NAMES: Record<string, string> = {
  CD: 'Congo (DRC)',
  CG: 'Congo',
  HK: 'Hong Kong',
  MO: 'Macao',
  MM: 'Myanmar',
  PS: 'Palestine',
};

const display = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });

/** English name of a region code, or undefined when ICU does not know it. */
export function countryName(code: string): string | undefined {
  const upper = code.toUpperCase();
  if (!/^[A-Z]{2}$/.test(upper)) return undefined;
  return PLAIN_NAMES[upper] ?? display.of(upper);
}

let names: Readonly<Record<string, string>> | undefined;

/** Every ISO code mapped to its English name, built once. */
export function countryNames(): Readonly<Record<string, string>> {
  names ??= Object.freeze(Object.fromEntries(ISO_ALPHA2.map((code) => [code, countryName(code) ?? code])));
  return names;
}

/** An officially assigned ISO 3166-1 alpha-2 code (not EU, UN, ZZ and other ICU region codes). */
export function isIsoCountry(code: string): boolean {
  return ISO_ALPHA2.includes(code.toUpperCase());
}
