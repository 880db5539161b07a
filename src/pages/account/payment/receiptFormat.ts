// How the receipt shows amounts, prices and times (spec document 1 §2: the amount with a dollar
// sign; rupee amounts, which the India provider takes, with the rupee sign).
import type { SubscriptionDetails } from '../../../api/billing';
import { PLANS } from '../../../content/plans';
import type { Plan } from '../../../content/types';

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', INR: '₹' };

/** '$24.99', '₹1,999.00'; other currencies as '24.99 EUR'. */
export function formatAmount(value: string | number, currencyCode: string): string {
  const amount = Number(value);
  const code = currencyCode.toUpperCase();
  if (!Number.isFinite(amount)) return `${value} ${code}`;
  const digits = amount.toLocaleString(code === 'INR' ? 'en-IN' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const symbol = SYMBOLS[code];
  return symbol ? `${symbol}${digits}` : `${digits} ${code}`;
}

/** '12 March 2026, 14:05' in the reader's own locale and time zone; '-' when absent. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The plan of the receipt: by the provider's plan id, else by name. */
export function receiptPlan(details: Pick<SubscriptionDetails, 'plan_id' | 'plan_name'>): Plan | undefined {
  return PLANS.find((p) => p.planId === details.plan_id || p.otherplanId === details.plan_id || p.id === details.plan_id) ??
    PLANS.find((p) => p.name.toLowerCase() === details.plan_name.toLowerCase());
}

/** The plan's monthly price in the receipt's currency, or null when we do not know it. */
export function monthlyPrice(plan: Plan | undefined, currencyCode: string): string | null {
  if (!plan) return null;
  const code = currencyCode.toUpperCase();
  const price = code === 'INR' ? plan.price : code === 'USD' ? plan.otherPrice : null;
  return price === null ? null : formatAmount(price, code);
}

/** '5 December 2026': a charge's day in the reader's own locale. */
const formatDate = (iso: string) => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/**
 * A trial's first charge (issue 45): the server's amount and date; from an older server without
 * it, the plan's monthly price on the day the trial ends. null without a trial.
 */
export function firstCharge(details: Pick<SubscriptionDetails, 'trial_end' | 'first_charge' | 'plan_id' | 'plan_name' | 'billing_info'>): { amount: string; date: string } | null {
  if (details.first_charge) return { amount: formatAmount(details.first_charge.amount.value, details.first_charge.amount.currency_code), date: formatDate(details.first_charge.at) };
  if (!details.trial_end || Number.isNaN(Date.parse(details.trial_end))) return null;
  const price = monthlyPrice(receiptPlan(details), details.billing_info.last_payment.amount.currency_code);
  return price ? { amount: price, date: formatDate(details.trial_end) } : null;
}
