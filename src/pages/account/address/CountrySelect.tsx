import { chakra, Field } from '@chakra-ui/react';
import type { Ref } from 'react';
import { BILLING_MESSAGES } from '../../../../contract/billing-rules';
import type { CountryOption } from '../../../api/site';
import type { CountriesLoad } from './useCountries';
import { regionName } from './useCountries';

interface CountrySelectProps {
  value: string;
  countries: CountriesLoad;
  /** Locked to the detected country (paid plans, ARCHITECTURE §8). */
  locked: boolean;
  error?: string;
  helper?: string;
  onChange: (code: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}

/** Field.Root's ids: its label points at CONTROL_ID; the select repeats the rest of its wiring. */
const CONTROL_ID = 'billing-country';
const IDS = { helperText: 'billing-country-help', errorText: 'billing-country-error' };

interface SelectProps {
  value: string;
  invalid: boolean;
  disabled: boolean;
  describedBy?: string;
  options: CountryOption[];
  placeholder: string;
  onChange: (code: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A native <select> (the phone's own picker), styled like the inputs. */
function Select({ value, invalid, disabled, describedBy, options, placeholder, onChange, selectRef }: SelectProps) {
  return (
    <chakra.select
      id={CONTROL_ID}
      ref={selectRef}
      disabled={disabled}
      required
      aria-invalid={invalid || undefined}
      aria-errormessage={invalid ? IDS.errorText : undefined}
      aria-describedby={describedBy}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="country"
      w="full"
      h="12"
      px="4"
      pe="10"
      fontSize="md"
      rounded="l2"
      borderWidth="1px"
      borderColor="border.emphasized"
      bg="bg.subtle"
      color="fg"
      appearance="none"
      cursor="pointer"
      // A chevron drawn with gradients: no icon element to position over the control.
      bgImage="linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)"
      backgroundPosition="calc(100% - 20px) 50%, calc(100% - 15px) 50%"
      bgSize="5px 5px, 5px 5px"
      bgRepeat="no-repeat"
      outline="0"
      _focusVisible={{ borderColor: 'brand.solid', boxShadow: '0 0 0 1px var(--chakra-colors-brand-solid)' }}
      _invalid={{ borderColor: 'border.error' }}
      _disabled={{ cursor: 'not-allowed', bg: 'bg.muted', color: 'fg.muted', borderColor: 'border.muted' }}
      css={{ '& option': { background: 'var(--chakra-colors-bg-panel)', color: 'var(--chakra-colors-fg)' } }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </chakra.select>
  );
}

/** Country: the list from /get_contry_code sorted by name, or 'Not fetch Country' when it is empty. */
export function CountrySelect({ value, countries, locked, error, helper, onChange, selectRef }: CountrySelectProps) {
  const list = countries.state === 'ready' ? countries.countries : [];
  const empty = countries.state === 'ready' && list.length === 0;
  // The chosen country stays selectable even when the list did not come.
  const options = value && !list.some((c) => c.code === value) ? [...list, { code: value, name: regionName(value) }] : list;
  const placeholder = countries.state === 'loading' ? 'Loading countries…' : empty ? BILLING_MESSAGES.noCountries : 'Select your country';
  const note = empty && !error ? BILLING_MESSAGES.noCountries : !error ? helper : undefined;
  return (
    <Field.Root invalid={Boolean(error)} disabled={locked} required id={CONTROL_ID} ids={IDS}>
      <Field.Label>
        Country
        <Field.RequiredIndicator />
      </Field.Label>
      <Select
        value={value}
        invalid={Boolean(error)}
        disabled={locked}
        describedBy={note ? IDS.helperText : undefined}
        options={options}
        placeholder={placeholder}
        onChange={onChange}
        selectRef={selectRef}
      />
      {note ? <Field.HelperText color={empty ? 'orange.fg' : undefined}>{note}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
