// Submitting the billing form (spec §4): save the address, start the subscription with the
// country's provider, then send the payment tab to the provider's page.
import { useState, type Dispatch } from 'react';
import { BILLING_MESSAGES } from '../../../../contract/billing-rules';
import { ApiError } from '../../../api/client';
import { billingApi, type BillingErrorBody } from '../../../api/billing';
import { type AddressAction, type AddressErrors, type AddressField, type AddressFields, FIELD_ORDER } from './addressForm';

export const CHECKOUT_MESSAGES = {
  openingTab: 'Opening the payment page…',
  tabOpened: 'The payment page opened in a new tab. Finish your payment there.',
  tabBlocked: 'Your browser blocked the new tab. Open the payment page with the link below.',
  openPayment: 'Open the payment page',
} as const;

export interface CheckoutResult {
  ok: boolean;
  /** The field the server's message is about. */
  field?: AddressField;
}

export type CheckoutNotice = { kind: 'success' | 'error'; text: string; detail?: string } | null;

interface CheckoutInput {
  fields: AddressFields;
  planId: string;
  userId: string;
  email: string;
}

/**
 * Opens the tab the payment page will show in. Browsers only allow window.open in the click's
 * own task, before any await, so the tab opens blank now and is pointed at the link later.
 */
function openPaymentTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    // The provider's page must not reach back into this one.
    tab.opener = null;
    const doc = tab.document;
    doc.title = CHECKOUT_MESSAGES.openingTab;
    Object.assign(doc.body.style, { margin: '0', minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#09090F', color: '#F4F4F8', font: '16px/1.5 system-ui, sans-serif' });
    const message = doc.createElement('p');
    message.setAttribute('role', 'status');
    message.textContent = CHECKOUT_MESSAGES.openingTab;
    doc.body.append(message);
  } catch {
    // A browser that gives the tab another origin: it still opens the link later.
  }
  return tab;
}

/** The server's message for a failed call, on its field when it names one of the form's. */
function failure(err: unknown): { field?: AddressField; text: string } {
  const body = err instanceof ApiError ? (err.data as BillingErrorBody | undefined) : undefined;
  const text = typeof body?.error === 'string' && body.error ? body.error : BILLING_MESSAGES.generic;
  const field = FIELD_ORDER.find((f) => f === body?.field);
  return { field, text };
}

export function useBillingCheckout(dispatch: Dispatch<AddressAction>) {
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<CheckoutNotice>(null);
  /** The payment link once it arrived: a fallback link when the tab was blocked or closed. */
  const [paymentUrl, setPaymentUrl] = useState<string | null>(null);

  /** Call from the submit handler itself, synchronously, after the form's own checks passed. */
  const checkout = async ({ fields, planId, userId, email }: CheckoutInput): Promise<CheckoutResult> => {
    const tab = openPaymentTab();
    setSubmitting(true);
    setNotice(null);
    setPaymentUrl(null);
    let saved: string | null = null;
    try {
      const billing = await billingApi.createBilling({
        user_id: userId,
        email,
        full_name: fields.full_name.trim(),
        phone_number: fields.phone_number,
        address: fields.address.trim(),
        city: fields.city.trim() || null,
        pincode: fields.pincode.trim(),
        country: fields.country,
        state: fields.state.trim() || null,
      });
      saved = billing.data.message || billing.data.status;
      setNotice({ kind: 'success', text: saved });
      const { data } = await billingApi.createSubscription(fields.country, planId, userId);
      if (!data?.short_url) throw new Error(BILLING_MESSAGES.noPaymentLink);
      // The sandbox answers a path on our own origin; providers answer absolute links.
      const url = new URL(data.short_url, window.location.origin).href;
      setPaymentUrl(url);
      const opened = Boolean(tab && !tab.closed);
      if (tab && opened) tab.location.href = url;
      // Issue 45: the fields keep what was entered and saved (the spec §4's clearing left an empty form under "Billing address saved.").
      setNotice({ kind: 'success', text: saved, detail: opened ? CHECKOUT_MESSAGES.tabOpened : CHECKOUT_MESSAGES.tabBlocked });
      return { ok: true };
    } catch (err) {
      tab?.close();
      if (err instanceof Error && err.message === BILLING_MESSAGES.noPaymentLink) {
        setNotice({ kind: 'error', text: BILLING_MESSAGES.noPaymentLink, detail: saved ?? undefined });
        return { ok: false };
      }
      const { field, text } = failure(err);
      // A message about one field shows under it (the form focuses it); any other above the button.
      if (field) dispatch({ type: 'errors', errors: { [field]: text } as AddressErrors });
      setNotice(field ? (saved ? { kind: 'success', text: saved } : null) : { kind: 'error', text, detail: saved ?? undefined });
      return { ok: false, field };
    } finally {
      setSubmitting(false);
    }
  };

  return { checkout, submitting, notice, paymentUrl };
}
