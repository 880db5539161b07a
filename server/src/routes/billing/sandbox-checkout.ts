import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { fromMinor } from '../../payments/money.ts';
import type { SandboxCheckout, SandboxDelivery } from '../../payments/sandbox.ts';

const RENEWAL_SWEEP_MS = 60_000;
const FORM_BODY_LIMIT = 1024;
const METHODS = ['card', 'upi', 'paypal'] as const;

/** Hands sandbox events to the webhook endpoint, exactly as a provider's delivery would arrive. */
export async function deliverSandboxEvents(app: FastifyInstance, deliveries: SandboxDelivery[]): Promise<void> {
  for (const { rawBody, headers } of deliveries) {
    const response = await app.inject({ method: 'POST', url: '/api/webhooks/sandbox', headers, payload: rawBody });
    if (response.statusCode !== 200) app.log.error({ status: response.statusCode, body: response.body }, 'sandbox event was refused');
  }
}

/** Charges the sandbox trials and periods that have ended (run every minute, and by tests). */
export async function renewSandboxSubscriptions(app: FastifyInstance): Promise<void> {
  await deliverSandboxEvents(app, await app.billing.providers.sandbox.renewDue());
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(c: SandboxCheckout, planName: string): string {
  const amount = `${c.currency === 'INR' ? '₹' : '$'}${fromMinor(c.amount_minor)}`;
  const due = c.trial_days > 0 ? `${amount} a month after a ${c.trial_days}-day free trial. Nothing is charged today.` : `${amount} charged today, then monthly.`;
  const decided = c.status !== 'created';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout · Persona Studio</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#09090F;color:#F4F4F8;font:16px/1.5 system-ui,sans-serif;padding:16px}
main{max-width:420px;width:100%;background:#12121C;border:1px solid #2A2A3A;border-radius:16px;padding:28px}
h1{font-size:22px;margin:0 0 4px}p{margin:8px 0;color:#C9C9D6}.amount{font-size:32px;font-weight:800;color:#fff;margin:16px 0 4px}
.note{font-size:14px;background:#1E1E2C;border-radius:10px;padding:10px 12px}label{display:block;margin:16px 0 6px;font-weight:600}
select,button{font:inherit;width:100%;border-radius:999px;padding:12px 16px;border:1px solid #3A3A4E;background:#171723;color:#fff}
button{cursor:pointer;margin-top:12px;font-weight:700}button[value=approve]{background:#5B2FD6;border-color:#5B2FD6}
button:focus-visible,select:focus-visible{outline:3px solid #AD8CFF;outline-offset:2px}
</style></head><body><main>
<p class="note" role="note">Sandbox payment: no money moves. It stands in for Razorpay and PayPal when no provider is configured.</p>
<h1>${escape(planName)} plan</h1>
<p class="amount">${escape(amount)}<span style="font-size:16px;font-weight:400">/month</span></p>
<p>${escape(due)}</p>
<p>Billed to ${escape(c.customer_email)}.</p>
${
  decided
    ? `<p role="status">This checkout was already ${c.status === 'declined' ? 'declined' : 'approved'}.</p><form method="post"><input type="hidden" name="decision" value="approve"><button type="submit" value="approve">See the receipt</button></form>`
    : `<form method="post">
<label for="method">Payment method</label>
<select id="method" name="method">${METHODS.map((m) => `<option value="${m}">${m === 'upi' ? 'UPI' : m === 'paypal' ? 'PayPal' : 'Card'}</option>`).join('')}</select>
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form>`
}
</main></body></html>`;
}

/**
 * The sandbox provider's checkout page (GET) and the buyer's decision (POST, a plain form: the
 * CSP allows no inline script). The id in the URL is the unguessable checkout id, like a real
 * provider's payment link. Deciding delivers signed events through /api/webhooks/sandbox, then
 * sends the buyer to /paymentSuccess?subscription_id=…. Registered only while the sandbox takes
 * some market's payments (routes/billing/index.ts).
 */
const sandboxCheckout: FastifyPluginAsyncTypebox = async (app) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  const Params = Type.Object({ id: Type.String({ pattern: '^sbx_sub_[0-9a-f]{24}$' }) });

  app.get(
    '/sandbox/checkout/:id',
    { schema: { tags: ['billing'], summary: 'Sandbox checkout page (HTML)', params: Params, response: withErrors({ 200: Type.String() }, 400, 404) } },
    async (request, reply) => {
      const { checkout, planName } = await app.billing.service.sandboxCheckout(request.params.id);
      reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
      return checkoutPage(checkout, planName);
    },
  );

  app.post(
    '/sandbox/checkout/:id',
    {
      schema: {
        tags: ['billing'],
        summary: 'Approve or decline a sandbox checkout (form post)',
        params: Params,
        body: Type.Object({ decision: Type.Union([Type.Literal('approve'), Type.Literal('decline')]), method: Type.Optional(Type.Union(METHODS.map((m) => Type.Literal(m)))) }),
        response: withErrors({ 303: Type.Null() }, 400, 404),
      },
    },
    async (request, reply) => {
      const { checkout, deliveries } = await app.billing.service.decideSandboxCheckout(request.params.id, request.body.decision, request.body.method ?? 'card');
      await deliverSandboxEvents(app, deliveries);
      const target = new URL(checkout.return_url);
      target.searchParams.set('subscription_id', checkout.id);
      return reply.redirect(target.pathname + target.search, 303);
    },
  );

  // Renewals (this plugin is registered only while the sandbox takes some market's payments).
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void renewSandboxSubscriptions(app).catch((err: unknown) => app.log.error({ err }, 'sandbox renewals failed')), RENEWAL_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};

export default sandboxCheckout;
