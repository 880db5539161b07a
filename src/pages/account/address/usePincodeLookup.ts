// City and state from the pincode (spec §4): once the pincode matches the country's pattern,
// /get_details_by_zip/ fills them and they become read-only.
import { useEffect, useState, type Dispatch } from 'react';
import { BILLING_MESSAGES, pincodeReadyForLookup } from '../../../../contract/billing-rules';
import { billingApi } from '../../../api/billing';
import type { AddressAction } from './addressForm';

/** A short pause after the last keystroke, so letters-and-digits postcodes are not looked up at every key. */
export const LOOKUP_DELAY_MS = 250;

export interface PincodeLookup {
  looking: boolean;
  /** 'Failed to fetch details. Please try again later.' when the lookup failed: city and state stay editable. */
  error: string | null;
}

export function usePincodeLookup(country: string, pincode: string, dispatch: Dispatch<AddressAction>): PincodeLookup {
  const [looking, setLooking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    if (!country || !pincodeReadyForLookup(country, pincode)) {
      setLooking(false);
      return;
    }
    let current = true;
    setLooking(true);
    const timer = setTimeout(() => {
      billingApi
        .detailsByZip(country, pincode)
        .then(({ data }) => {
          if (current) dispatch({ type: 'place', country, pincode, city: data.city, state: data.state });
        })
        .catch(() => {
          if (current) setError(BILLING_MESSAGES.lookupFailed);
        })
        .finally(() => {
          if (current) setLooking(false);
        });
    }, LOOKUP_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [country, pincode, dispatch]);

  return { looking, error };
}
