// The billing form's state and rules (spec document 1 §4, §5): what each change clears, what the
// pincode lookup fills and locks, and the messages of a submit. Pure: tested without a browser.
import {
  BILLING_MESSAGES,
  isValidPincode,
  phoneDigitsFor,
  sanitizePhoneInput,
  sanitizePincodeInput,
} from '../../../../contract/billing-rules';

export interface AddressFields {
  full_name: string;
  phone_number: string;
  address: string;
  city: string;
  pincode: string;
  country: string;
  state: string;
}

export type AddressField = keyof AddressFields;
export type AddressErrors = Partial<Record<AddressField, string>>;

export interface AddressFormState {
  fields: AddressFields;
  /** City and state came from the pincode lookup: read-only until the pincode changes. */
  placeLocked: boolean;
  errors: AddressErrors;
  /** The user has typed or chosen something: a late prefill no longer overwrites the form. */
  touched: boolean;
}

export const EMPTY_FIELDS: AddressFields = { full_name: '', phone_number: '', address: '', city: '', pincode: '', country: '', state: '' };

export const initialAddressState: AddressFormState = { fields: EMPTY_FIELDS, placeLocked: false, errors: {}, touched: false };

export type AddressAction =
  | { type: 'edit'; field: 'full_name' | 'address' | 'city' | 'state'; value: string }
  | { type: 'phone'; value: string }
  | { type: 'pincode'; value: string }
  /** `touched: false` for changes the page makes itself (the detected country). */
  | { type: 'country'; value: string; touched?: boolean }
  /** The lookup's answer for `pincode` in `country` (ignored when either changed since). */
  | { type: 'place'; country: string; pincode: string; city: string; state: string }
  | { type: 'prefill'; saved: Partial<Record<AddressField, string | null>>; lockedCountry: string | null }
  | { type: 'errors'; errors: AddressErrors };

const noPlace = { city: '', state: '' };

function withoutError(errors: AddressErrors, ...fields: AddressField[]): AddressErrors {
  if (!fields.some((f) => errors[f])) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
}

/** The fields after choosing `country`: pincode, city and state cleared, the phone re-capped. */
function forCountry(fields: AddressFields, country: string): AddressFields {
  return { ...fields, country, pincode: '', ...noPlace, phone_number: sanitizePhoneInput(country, fields.phone_number) };
}

export function addressReducer(state: AddressFormState, action: AddressAction): AddressFormState {
  const { fields } = state;
  switch (action.type) {
    case 'edit':
      return { ...state, touched: true, fields: { ...fields, [action.field]: action.value }, errors: withoutError(state.errors, action.field) };
    case 'phone':
      return {
        ...state,
        touched: true,
        fields: { ...fields, phone_number: sanitizePhoneInput(fields.country, action.value) },
        errors: withoutError(state.errors, 'phone_number'),
      };
    case 'pincode': {
      const pincode = sanitizePincodeInput(fields.country, action.value);
      if (pincode === fields.pincode) return state;
      // Shorter than 4 clears city and state (spec §4); so does any change after a lookup filled
      // them, since they belonged to the previous pincode.
      const clear = pincode.length < 4 || state.placeLocked;
      return {
        ...state,
        touched: true,
        fields: { ...fields, pincode, ...(clear ? noPlace : {}) },
        placeLocked: false,
        errors: withoutError(state.errors, 'pincode'),
      };
    }
    case 'country':
      if (action.value === fields.country) return state;
      return {
        ...state,
        touched: state.touched || action.touched !== false,
        fields: forCountry(fields, action.value),
        placeLocked: false,
        errors: withoutError(state.errors, 'country', 'pincode', 'city', 'state'),
      };
    case 'place':
      if (action.country !== fields.country || action.pincode !== fields.pincode) return state;
      return {
        ...state,
        fields: { ...fields, city: action.city, state: action.state },
        placeLocked: true,
        errors: withoutError(state.errors, 'city', 'state'),
      };
    case 'prefill': {
      if (state.touched) return state;
      const text = (f: AddressField) => (action.saved[f] ?? '').trim();
      const savedCountry = text('country').toUpperCase();
      const country = action.lockedCountry ?? (savedCountry || fields.country);
      // A saved address from another country keeps only what does not depend on the country.
      const sameCountry = savedCountry === country;
      const next: AddressFields = {
        full_name: text('full_name'),
        phone_number: sanitizePhoneInput(country, text('phone_number')),
        address: text('address'),
        country,
        pincode: sameCountry ? sanitizePincodeInput(country, text('pincode')) : '',
        city: sameCountry ? text('city') : '',
        state: sameCountry ? text('state') : '',
      };
      return { ...state, fields: next, placeLocked: false, errors: {} };
    }
    case 'errors':
      return { ...state, errors: action.errors };
  }
}

/** The spec's submit checks (§5), one message per field. */
export function validateAddress(fields: AddressFields): AddressErrors {
  const errors: AddressErrors = {};
  if (!fields.full_name.trim()) errors.full_name = BILLING_MESSAGES.fullNameRequired;
  const digits = phoneDigitsFor(fields.country);
  if (!fields.phone_number) errors.phone_number = BILLING_MESSAGES.phoneRequired;
  else if (!/^\d+$/.test(fields.phone_number) || fields.phone_number.length !== digits) errors.phone_number = BILLING_MESSAGES.phoneLength(digits);
  if (!fields.address.trim()) errors.address = BILLING_MESSAGES.addressRequired;
  if (!fields.country) errors.country = BILLING_MESSAGES.countryRequired;
  if (!fields.pincode) errors.pincode = BILLING_MESSAGES.pincodeRequired;
  else if (!isValidPincode(fields.country, fields.pincode)) errors.pincode = BILLING_MESSAGES.pincode;
  return errors;
}

/** The order fields appear in, so a failed submit focuses the first one with a message. */
export const FIELD_ORDER: readonly AddressField[] = ['full_name', 'phone_number', 'address', 'country', 'pincode', 'city', 'state'];

export function firstError(errors: AddressErrors): AddressField | undefined {
  return FIELD_ORDER.find((f) => errors[f]);
}
