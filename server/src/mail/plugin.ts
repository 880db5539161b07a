import { globalPlugin } from '../plugins/global-plugin.ts';
import { createMailer, type Mailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outbox folder by default, SMTP when SMTP_URL is set (server/src/mail/mailer.ts). */
    mailer: Mailer;
  }
}

export const mailPlugin = globalPlugin<{ mailer?: Mailer }>(async (app, { mailer }) => {
  const { smtpUrl, outboxDir, mailFrom } = app.config;
  const instance = mailer ?? createMailer({ smtpUrl, outboxDir, from: mailFrom, logger: app.log });
  app.decorate('mailer', instance);
  if (!mailer) app.addHook('onClose', async () => instance.close());
});
