// The public forms' work: a newsletter address stored once, a contact message stored and mailed to
// the support inbox. The route checks the fields (site/forms.ts) and shapes the answers.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { contactRepository, type NewContactMessage } from '../db/repositories/contact.ts';
import { newsletterRepository, type SubscribeResult } from '../db/repositories/newsletter.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface FormsDeps {
  db: Db;
  mailer: Pick<Mailer, 'send'>;
  /** Where contact messages are mailed (SUPPORT_INBOX). */
  supportInbox: string;
}

export function formsService(deps: FormsDeps) {
  const newsletter = newsletterRepository(deps.db);
  const contact = contactRepository(deps.db);

  return {
    /** `email` already checked (site/forms.ts isValidEmail); 'exists' when it was subscribed before. */
    subscribe(email: string): Promise<SubscribeResult> {
      return newsletter.subscribe(email);
    },

    /** Stores a checked contact message, then mails it to support; a mail failure is logged on `log`, never thrown. */
    async contact(fields: NewContactMessage, log: Pick<FastifyBaseLogger, 'error'>): Promise<void> {
      const saved = await contact.create(fields);
      // Stored first, so a mail failure loses nothing: support still finds the message in the
      // database. Answering 201 then keeps the visitor from resending a message we already hold.
      try {
        await deps.mailer.send({
          to: deps.supportInbox,
          replyTo: fields.email,
          subject: `Contact form: ${fields.name.replace(/\s+/g, ' ')}`,
          text: [
            `From: ${fields.name} <${fields.email}>`,
            `Received: ${saved.created_at}`,
            `Message id: ${saved.id}`,
            '',
            fields.message,
          ].join('\n'),
        });
      } catch (err) {
        log.error({ err, contactMessageId: saved.id }, 'contact message stored but mailing it to support failed');
      }
    },
  };
}
