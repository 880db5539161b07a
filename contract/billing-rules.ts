// Billing rules shared by the page's /address form and the server's checks (spec document 1 §5).
// No runtime imports: the page loads this without the schema library.

/** Phone digits per billing country (spec §5); any other country: DEFAULT_PHONE_DIGITS. */
const PHONE_DIGITS: Readonly<Record<string, number>> = { IN: 10, US: 11, GB: 10, UK: 10, CA: 10, AU: 9, DE: 11 };
export const DEFAULT_PHONE_DIGITS = 10;

export function phoneDigitsFor(country: string | null | undefined): number {
  return PHONE_DIGITS[(country ?? '').toUpperCase()] ?? DEFAULT_PHONE_DIGITS;
}

/**
 * Postcode patterns per country (spec §5; the spec's UK is ISO's GB). Countries not listed take
 * OTHER_PINCODE: 3 to 7 letters, digits, spaces or hyphens.
 */
const PINCODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  IN: /^\d{6}$/,
  US: /^\d{5}$/,
  GB: /^[A-Z0-9]{5,7}$/,
  UK: /^[A-Z0-9]{5,7}$/,
  CA: /^[A-Z]\d[A-Z] \d[A-Z]\d$/,
  AU: /^\d{4}$/,
  DE: /^\d{5}$/,
};
const OTHER_PINCODE = /^[A-Z0-9][A-Z0-9 -]{1,5}[A-Z0-9]$/;
/** Countries whose postcodes are digits only: typing anything else is ignored. */
const DIGIT_ONLY = new Set(['IN', 'US', 'AU', 'DE']);

export function pincodePatternFor(country: string | null | undefined): RegExp {
  return PINCODE_PATTERNS[(country ?? '').toUpperCase()] ?? OTHER_PINCODE;
}

export function isValidPincode(country: string | null | undefined, pincode: string): boolean {
  return pincodePatternFor(country).test(pincode);
}

/** The pincode input's maximum length: 7 once a country is chosen, else 6 (spec §5). */
export function pincodeMaxLength(country: string | null | undefined): number {
  return country ? 7 : 6;
}

/**
 * What the pincode box keeps of what was typed. The spec keeps digits only; its own patterns for
 * the UK and Canada need letters, so where a country's codes have letters (or no country is
 * chosen yet, digits only) letters are upper-cased and kept, with the spaces and hyphens they use.
 */
export function sanitizePincodeInput(country: string | null | undefined, raw: string): string {
  const code = (country ?? '').toUpperCase();
  const kept = !code || DIGIT_ONLY.has(code) ? raw.replace(/\D/g, '') : raw.toUpperCase().replace(/[^A-Z0-9 -]/g, '');
  return kept.slice(0, pincodeMaxLength(country));
}

/** The lookup of city and state runs once at least 4 characters match the country's pattern. */
export function pincodeReadyForLookup(country: string | null | undefined, pincode: string): boolean {
  return pincode.length >= 4 && isValidPincode(country, pincode);
}

/** Phone input: digits only, capped at the country's length. */
export function sanitizePhoneInput(country: string | null | undefined, raw: string): string {
  return raw.replace(/\D/g, '').slice(0, phoneDigitsFor(country));
}

export const BILLING_MESSAGES = {
  fullNameRequired: 'Full name is required.',
  addressRequired: 'Address is required.',
  phoneRequired: 'Phone number is required.',
  countryRequired: 'Country is required.',
  pincodeRequired: 'Pincode is required.',
  phoneLength: (digits: number) => `Phone number must be exactly ${digits} digits.`,
  pincode: 'Please enter a valid pincode.',
  lookupFailed: 'Failed to fetch details. Please try again later.',
  noPaymentLink: 'Error: Unable to generate payment link.',
  generic: 'An error occurred. Please try again.',
  noCountries: 'Not fetch Country',
  saved: 'Billing address saved.',
  subscriptionRequired: 'Subscription required.',
  /** The visitor's market is switched off (PAYMENTS_INDIA / PAYMENTS_INTERNATIONAL=off). */
  paidPlansUnavailable: 'Paid plans are not available in your country yet.',
  paymentReceived: 'Payment received!',
  paymentFailed: 'Payment failed.',
  receiptNote: 'An automated receipt will be sent to your email.',
} as const;
