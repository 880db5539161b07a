import type { CreateBillingBody } from '../../../contract/billing.ts';
import { BILLING_MESSAGES, isValidPincode, phoneDigitsFor } from '../../../contract/billing-rules.ts';
import { NAME_FORBIDDEN_CHARACTERS } from '../../../contract/names.ts';
import type { NewBillingAddress } from '../db/repositories/billing-addresses.ts';
import { hasPostalData, lookupPostalCode } from './postal.ts';
import { HttpError } from '../http-error.ts';
import { countryName, isIsoCountry } from '../site/countries.ts';

/** A billing address as the account's owner typed it, checked: what the repository stores with the account. */
export type BillingFields = Omit<NewBillingAddress, 'userId' | 'email' | 'now'>;

const text = (value: string | null | undefined) => (value ?? '').trim();

function required(value: string, message: string, field: string): string {
  if (!value) throw new HttpError(400, message, field);
  if (NAME_FORBIDDEN_CHARACTERS.test(value)) throw new HttpError(400, 'Please remove control characters.', field);
  return value;
}

/**
 * The spec's billing rules (§5), checked again on the server with the page's messages. The
 * country must be the one the request comes from when that is known (paid plans lock it, §8).
 * Where we hold postal data, city and state come from it, whatever the body says.
 */
export async function validBilling(body: CreateBillingBody, detectedCountry: string | null): Promise<BillingFields> {
  const fullName = required(text(body.full_name), BILLING_MESSAGES.fullNameRequired, 'full_name');
  const address = required(text(body.address), BILLING_MESSAGES.addressRequired, 'address');
  let country = required(text(body.country).toUpperCase(), BILLING_MESSAGES.countryRequired, 'country');
  if (country === 'UK') country = 'GB';
  if (!isIsoCountry(country)) throw new HttpError(400, 'Please choose a country from the list.', 'country');
  if (detectedCountry && country !== detectedCountry) {
    throw new HttpError(400, `The billing country must be the country you are in (${countryName(detectedCountry) ?? detectedCountry}).`, 'country');
  }
  const phone = required(text(body.phone_number), BILLING_MESSAGES.phoneRequired, 'phone_number');
  const digits = phoneDigitsFor(country);
  if (!/^\d+$/.test(phone) || phone.length !== digits) throw new HttpError(400, BILLING_MESSAGES.phoneLength(digits), 'phone_number');
  const pincode = required(text(body.pincode).toUpperCase(), BILLING_MESSAGES.pincodeRequired, 'pincode');
  if (!isValidPincode(country, pincode)) throw new HttpError(400, BILLING_MESSAGES.pincode, 'pincode');

  let city = text(body.city) || null;
  let state = text(body.state) || null;
  for (const [value, field] of [[city, 'city'], [state, 'state']] as const) {
    if (value && NAME_FORBIDDEN_CHARACTERS.test(value)) throw new HttpError(400, 'Please remove control characters.', field);
  }
  if (hasPostalData(country)) {
    const place = await lookupPostalCode(country, pincode);
    if (place) ({ city, state } = place);
  }
  return { full_name: fullName, phone_number: phone, address, city, pincode, country, state };
}
