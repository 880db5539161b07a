// The billing form's rules (spec document 1 §4, §5) as the reducer applies them.
import { describe, expect, it } from 'vitest';
import {
  addressReducer,
  firstError,
  initialAddressState,
  validateAddress,
  type AddressAction,
  type AddressFormState,
} from '../../src/pages/account/address/addressForm';

const run = (...actions: AddressAction[]): AddressFormState => actions.reduce(addressReducer, initialAddressState);
const india: AddressAction = { type: 'country', value: 'IN' };

describe('billing form: typing', () => {
  it('keeps digits only in the phone, capped by the country (IN 10, US 11, AU 9, others 10)', () => {
    expect(run(india, { type: 'phone', value: '+91 98765-43210 99' }).fields.phone_number).toBe('9198765432');
    expect(run({ type: 'country', value: 'US' }, { type: 'phone', value: '1 (555) 123-45678' }).fields.phone_number).toBe('15551234567');
    expect(run({ type: 'country', value: 'AU' }, { type: 'phone', value: '0412345678' }).fields.phone_number).toBe('041234567');
    expect(run({ type: 'country', value: 'FR' }, { type: 'phone', value: '0612345678901' }).fields.phone_number).toBe('0612345678');
  });

  it('keeps digits only in an Indian or US pincode, at most 7 once a country is chosen (6 before)', () => {
    expect(run(india, { type: 'pincode', value: '38a0-001' }).fields.pincode).toBe('380001');
    expect(run(india, { type: 'pincode', value: '123456789' }).fields.pincode).toBe('1234567');
    expect(run({ type: 'pincode', value: '123456789' }).fields.pincode).toBe('123456');
  });

  it('upper-cases the letters of UK and Canadian postcodes, whose patterns need them', () => {
    expect(run({ type: 'country', value: 'GB' }, { type: 'pincode', value: 'sw1a1aa' }).fields.pincode).toBe('SW1A1AA');
    expect(run({ type: 'country', value: 'CA' }, { type: 'pincode', value: 'k1a 0b1' }).fields.pincode).toBe('K1A 0B1');
  });

  it('a new country re-caps the phone already typed', () => {
    const state = run({ type: 'country', value: 'US' }, { type: 'phone', value: '15551234567' }, { type: 'country', value: 'AU' });
    expect(state.fields.phone_number).toBe('155512345');
  });
});

describe('billing form: what clears what', () => {
  const filled = () =>
    run(
      india,
      { type: 'pincode', value: '380001' },
      { type: 'place', country: 'IN', pincode: '380001', city: 'Ahmedabad', state: 'Gujarat' },
    );

  it('the lookup fills city and state and locks them', () => {
    const state = filled();
    expect(state.fields).toMatchObject({ city: 'Ahmedabad', state: 'Gujarat' });
    expect(state.placeLocked).toBe(true);
  });

  it('a lookup answer for an older pincode or country is ignored', () => {
    const state = run(india, { type: 'pincode', value: '380001' }, { type: 'pincode', value: '38000' }, {
      type: 'place',
      country: 'IN',
      pincode: '380001',
      city: 'Ahmedabad',
      state: 'Gujarat',
    });
    expect(state.fields).toMatchObject({ city: '', state: '' });
    expect(state.placeLocked).toBe(false);
  });

  it('a pincode shorter than 4 clears city and state, even typed ones', () => {
    const typed = run(
      { type: 'country', value: 'GB' },
      { type: 'pincode', value: 'SW1A1AA' },
      { type: 'edit', field: 'city', value: 'London' },
      { type: 'edit', field: 'state', value: 'England' },
    );
    expect(addressReducer(typed, { type: 'pincode', value: 'SW1A' }).fields.city).toBe('London');
    const cleared = addressReducer(typed, { type: 'pincode', value: 'SW1' });
    expect(cleared.fields).toMatchObject({ pincode: 'SW1', city: '', state: '' });
  });

  it('changing the pincode after a lookup unlocks and clears the looked-up city and state', () => {
    const state = addressReducer(filled(), { type: 'pincode', value: '38000' });
    expect(state.fields).toMatchObject({ pincode: '38000', city: '', state: '' });
    expect(state.placeLocked).toBe(false);
  });

  it('changing the country clears pincode, city and state (and unlocks them)', () => {
    const state = addressReducer(filled(), { type: 'country', value: 'US' });
    expect(state.fields).toMatchObject({ country: 'US', pincode: '', city: '', state: '' });
    expect(state.placeLocked).toBe(false);
    // Choosing the same country again changes nothing.
    expect(addressReducer(filled(), india)).toEqual(filled());
  });
});

describe('billing form: prefill from the saved address', () => {
  const saved = { full_name: 'Asha Rao', phone_number: '9876543210', address: '12 Relief Road', city: 'Ahmedabad', pincode: '380001', country: 'IN', state: 'Gujarat' };

  it('fills every field when the saved country is the locked one', () => {
    expect(run({ type: 'prefill', saved, lockedCountry: 'IN' }).fields).toEqual(saved);
  });

  it('keeps the detected country; a saved address elsewhere loses pincode, city and state', () => {
    const state = run({ type: 'prefill', saved, lockedCountry: 'US' });
    expect(state.fields).toEqual({ ...saved, country: 'US', pincode: '', city: '', state: '' });
  });

  it('takes the saved country while the detected one is unknown', () => {
    expect(run({ type: 'prefill', saved: { ...saved, country: 'in' }, lockedCountry: null }).fields.country).toBe('IN');
  });

  it('never overwrites what the user already typed', () => {
    const state = run({ type: 'edit', field: 'full_name', value: 'Ravi' }, { type: 'prefill', saved, lockedCountry: 'IN' });
    expect(state.fields.full_name).toBe('Ravi');
    expect(state.fields.address).toBe('');
  });

  it('a detected country set by the page itself does not count as typing', () => {
    const state = run({ type: 'country', value: 'IN', touched: false }, { type: 'prefill', saved, lockedCountry: 'IN' });
    expect(state.fields).toEqual(saved);
  });
});

describe('billing form: submit checks', () => {
  const valid = { full_name: 'Asha Rao', phone_number: '9876543210', address: '12 Relief Road', city: '', pincode: '380001', country: 'IN', state: '' };

  it('names every missing required field', () => {
    const errors = validateAddress({ full_name: ' ', phone_number: '', address: '', city: '', pincode: '', country: '', state: '' });
    expect(errors).toEqual({
      full_name: 'Full name is required.',
      phone_number: 'Phone number is required.',
      address: 'Address is required.',
      country: 'Country is required.',
      pincode: 'Pincode is required.',
    });
    expect(firstError(errors)).toBe('full_name');
  });

  it('wants exactly the country’s number of phone digits', () => {
    expect(validateAddress({ ...valid, phone_number: '987654321' }).phone_number).toBe('Phone number must be exactly 10 digits.');
    expect(validateAddress({ ...valid, country: 'US', pincode: '90210', phone_number: '5551234567' }).phone_number).toBe(
      'Phone number must be exactly 11 digits.',
    );
    expect(validateAddress({ ...valid, country: 'AU', pincode: '2000', phone_number: '041234567' })).toEqual({});
  });

  it('wants the country’s pincode pattern', () => {
    expect(validateAddress({ ...valid, pincode: '38000' }).pincode).toBe('Please enter a valid pincode.');
    expect(validateAddress({ ...valid, country: 'US', phone_number: '15551234567', pincode: '9021' }).pincode).toBe('Please enter a valid pincode.');
    expect(validateAddress({ ...valid, country: 'CA', pincode: 'K1A 0B1' })).toEqual({});
    expect(validateAddress(valid)).toEqual({});
  });
});
