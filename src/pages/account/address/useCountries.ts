// The country list of the billing form: /get_contry_code, sorted by name (spec §7).
import { useEffect, useState } from 'react';
import { countryList, type CountryOption } from '../../../api/site';

export type CountriesLoad = { state: 'loading' } | { state: 'ready'; countries: CountryOption[] };

export function useCountries(): CountriesLoad {
  const [load, setLoad] = useState<CountriesLoad>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    countryList()
      .then((countries) => current && setLoad({ state: 'ready', countries }))
      .catch((err: unknown) => {
        // Spec §8: a failed country list is logged only; the select then says 'Not fetch Country'.
        console.warn('Country list failed', err);
        if (current) setLoad({ state: 'ready', countries: [] });
      });
    return () => {
      current = false;
    };
  }, []);
  return load;
}

/** 'India' for 'IN', from the browser's own region names; the code itself when it has none. */
export function regionName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
