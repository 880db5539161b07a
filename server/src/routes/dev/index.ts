import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isIP } from 'node:net';
import { DevOutboxResponse } from '../../../../contract/auth.ts';
import { withErrors } from '../../../../contract/common.ts';
import { readOutbox, type OutboxEntry } from '../../mail/mailer.ts';
import { normalizeIp } from '../../site/ip.ts';

/**
 * The outbox holds sign-up and reset codes, so it is shown only when DEV_MAILBOX turns it on (never
 * in production), only to a connection whose socket address is loopback, and never through a proxy:
 * behind one on this host every client is 127.0.0.1, and X-Forwarded-For is whatever a client sent.
 */
function mailboxOpen(app: FastifyInstance, request: FastifyRequest): boolean {
  if (!app.config.devMailbox) return false;
  if (Object.keys(request.headers).some((h) => h === 'forwarded' || h.startsWith('x-forwarded-') || h === 'x-real-ip')) return false;
  const socketAddress = normalizeIp(request.socket.remoteAddress ?? '');
  return socketAddress === '::1' || (isIP(socketAddress) === 4 && socketAddress.startsWith('127.'));
}

/** GET /api/dev/outbox: the outbox as JSON (tests, tools). Mounted under /api. */
export const devApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Development only: the mail outbox, newest first', response: withErrors({ 200: DevOutboxResponse }, 404) } },
    async (request, reply) => {
      if (!mailboxOpen(app, request)) return reply.code(404).send({ error: 'Not found' });
      reply.header('cache-control', 'no-store');
      return { messages: await readOutbox(app.config.outboxDir) };
    },
  );
};

/** GET /dev/mailbox: a page listing the outbox, newest first. Mounted at the root, not under /api. */
export const devMailboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!mailboxOpen(app, request)) return reply.code(404).send({ error: 'Not found' });
    const messages = await readOutbox(app.config.outboxDir);
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(mailboxPage(messages, app.mailer.kind));
  });
};

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function mailboxPage(messages: OutboxEntry[], kind: 'outbox' | 'smtp'): string {
  const note = kind === 'smtp' ? '<p class="note">SMTP_URL is set: mail is sent by SMTP, not kept here.</p>' : '';
  const items = messages
    .map(
      (m) => `<article><header><time>${escapeHtml(m.date)}</time><span>To: ${escapeHtml(m.to)}</span></header>` +
        `<h2>${escapeHtml(m.subject)}</h2><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox (development) · Persona Studio</title>
<style>
body{font-family:system-ui,sans-serif;background:#0f0f14;color:#e8e8ef;margin:0;padding:24px;max-width:860px;margin-inline:auto}
h1{font-size:22px}article{background:#1a1a24;border-radius:12px;padding:16px;margin:12px 0}
header{display:flex;gap:16px;flex-wrap:wrap;color:#a0a0b8;font-size:13px}h2{font-size:16px;margin:8px 0}
pre{white-space:pre-wrap;font-family:inherit;margin:0}.note,.empty{color:#a0a0b8}
</style></head><body>
<h1>Mailbox <small>(development only)</small></h1>${note}
${items || '<p class="empty">No mail yet.</p>'}
</body></html>`;
}
