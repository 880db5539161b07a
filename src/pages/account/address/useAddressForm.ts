// The billing form's state with what the page knows: the detected country (which paid plans lock
// the form to, ARCHITECTURE §8), the account's saved address, and whether a free trial applies.
import { useEffect, useReducer, useState } from 'react';
import { billingApi, type CurrentPlanResponse } from '../../../api/billing';
import { getSession, SessionKey } from '../../../lib/session';
import { useCountryStore, useDetectedCountry } from '../../../stores/countryStore';
import { addressReducer, initialAddressState } from './addressForm';

export function useAddressForm() {
  const [state, dispatch] = useReducer(addressReducer, initialAddressState);
  const detected = useDetectedCountry();
  const userId = getSession(SessionKey.userId) ?? '';
  const email = getSession(SessionKey.userEmail) ?? '';
  const currentPlan = useCurrentPlan(userId);

  // Once the country is known the form follows it (clearing pincode, city and state if it differs).
  useEffect(() => {
    if (detected) dispatch({ type: 'country', value: detected, touched: false });
  }, [detected]);

  // Prefill from the account's newest saved address (404: none, start empty).
  useEffect(() => {
    if (!email) return;
    let current = true;
    billingApi
      .existingAddress(email)
      .then(({ data }) => {
        if (current && data) dispatch({ type: 'prefill', saved: data, lockedCountry: useCountryStore.getState().country });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [email]);

  return { state, dispatch, detected, userId, email, currentPlan };
}

/** /get_current_plan/: whether the trial applies, and which plan is already in force. */
function useCurrentPlan(userId: string) {
  const [plan, setPlan] = useState<CurrentPlanResponse | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    billingApi
      .currentPlan(userId)
      .then(({ data }) => current && setPlan(data))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [userId]);
  return plan;
}
