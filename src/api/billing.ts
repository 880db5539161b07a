// Plan, billing address, checkout and receipt calls of spec document 1 §7 (bearer token added by
// the api client), typed with the server's schemas (type-only imports: no runtime cost).
import type {
  BillingAddress,
  CreateBillingBody,
  CreateBillingResponse,
  CreateSubscriptionResponse,
  CurrentPlanResponse,
  SubscriptionDetails,
  ZipLookupResponse,
} from '../../contract/billing';
import { api } from './client';

export type { BillingAddress, CreateBillingBody, CreateBillingResponse, CreateSubscriptionResponse, CurrentPlanResponse, SubscriptionDetails, ZipLookupResponse };

/** Billing errors are `{error, field?}`; `field` names the form field the message belongs to. */
export interface BillingErrorBody {
  error?: string;
  field?: string;
}

/** Checkouts from India go to the India provider; every other country to PayPal (spec §4). */
export function subscriptionPath(country: string): '/subscription/' | '/paypal-subscription/' {
  return country.toUpperCase() === 'IN' ? '/subscription/' : '/paypal-subscription/';
}

export const billingApi = {
  currentPlan: (userId: string) => api.post<CurrentPlanResponse>('/get_current_plan/', { user_id: userId }),
  /** The newest saved address; 404 when there is none. */
  existingAddress: (email: string) => api.post<BillingAddress>('/get_address_for_existing_subscriber', { email }),
  detailsByZip: (countryCode: string, pincode: string) =>
    api.post<ZipLookupResponse>('/get_details_by_zip/', { country_code: countryCode, pincode }),
  createBilling: (body: CreateBillingBody) => api.post<CreateBillingResponse>('/create_billing/', body),
  createSubscription: (country: string, planId: string, userId: string) =>
    api.post<CreateSubscriptionResponse>(subscriptionPath(country), { plan_id: planId, user_id: userId }, { credentials: 'include' }),
  subscriptionDetails: (subscriptionId: string) =>
    api.post<SubscriptionDetails>('/fetch_sub_paypal_details/', { subscription_id: subscriptionId }),
};
