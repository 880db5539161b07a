// The receipt's data: /fetch_sub_paypal_details/ for the subscription id in the link.
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/client';
import { billingApi, type BillingErrorBody, type SubscriptionDetails } from '../../../api/billing';
import { getSession, SessionKey, setSession } from '../../../lib/session';

export type DetailsLoad =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'ready'; details: SubscriptionDetails; planName: string };

export const RECEIPT_MESSAGES = {
  missing: 'This link has no subscription id, so there is no payment to show.',
  failed: 'We could not load this payment.',
} as const;

export function useSubscriptionDetails(subscriptionId: string | null) {
  const [load, setLoad] = useState<DetailsLoad>(subscriptionId ? { state: 'loading' } : { state: 'missing' });

  const fetchDetails = useCallback(async () => {
    if (!subscriptionId) {
      setLoad({ state: 'missing' });
      return;
    }
    setLoad({ state: 'loading' });
    try {
      const { data } = await billingApi.subscriptionDetails(subscriptionId);
      // Spec §2: the plan name is read from the stored Plan_Details (set when the checkout
      // started), else the provider's; the provider's is stored for the screens after this one.
      const planName = getSession(SessionKey.planDetails) || data.plan_name;
      if (data.plan_name) setSession(SessionKey.planDetails, data.plan_name);
      setLoad({ state: 'ready', details: data, planName });
    } catch (err) {
      const body = err instanceof ApiError ? (err.data as BillingErrorBody | undefined) : undefined;
      setLoad({ state: 'error', message: body?.error ? `${RECEIPT_MESSAGES.failed} ${body.error}` : RECEIPT_MESSAGES.failed });
    }
  }, [subscriptionId]);

  useEffect(() => {
    void fetchDetails();
  }, [fetchDetails]);

  return { load, retry: fetchDetails };
}
