import type { SubscriptionDetails } from '../../../contract/billing.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The receipt mailed when a checkout is approved: the fields /paymentSuccess shows. */
export function receiptMail(details: SubscriptionDetails): { subject: string; text: string; html: string } {
  const { amount } = details.billing_info.last_payment;
  const rows: [string, string][] = [
    ['Amount paid', `${amount.value} ${amount.currency_code}`],
    ['Plan', details.plan_name],
    ...(details.trial_end ? ([['Free trial until', details.trial_end.slice(0, 10)]] as [string, string][]) : []),
    ...(details.first_charge ? ([['First charge', `${details.first_charge.amount.value} ${details.first_charge.amount.currency_code} on ${details.first_charge.at.slice(0, 10)}`]] as [string, string][]) : []),
    ['Subscription id', details.id],
    ['Plan id', details.plan_id],
    ['Started', details.start_time ?? details.create_time ?? ''],
    ['Payment provider', details.provider],
    ['Payment method', details.payment_method || '-'],
    ['Account', details.user_email],
  ];
  const subject = `Your Persona Studio receipt: ${details.plan_name} plan`;
  const text = ['Payment received! Thank you for subscribing to Persona Studio.', '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n');
  const html = `<p>Payment received! Thank you for subscribing to Persona Studio.</p><table>${rows
    .map(([k, v]) => `<tr><th align="left">${escape(k)}</th><td>${escape(v)}</td></tr>`)
    .join('')}</table>`;
  return { subject, text, html };
}
