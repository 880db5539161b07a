import { Type } from 'typebox';
import { Text } from './formats.ts';

/** Mail: SMTP or the outbox folder, and who sends and receives. */
export const mailSettings = Type.Object({
  SMTP_URL: Type.Optional(Text('smtp-url', {
    defaultText: '(unset: mail goes to DATA_DIR/outbox as .eml files)',
    description: 'smtp:// or smtps://user:pass@host:port to send mail through an SMTP server.',
  })),
  MAIL_FROM: Text('text', { default: 'Persona Studio <no-reply@personastudio.ai>', description: 'Sender of every mail.' }),
  SUPPORT_INBOX: Text('text', { default: 'support@personastudio.ai', description: 'Where contact-form messages are mailed.' }),
  DEV_MAILBOX: Type.Optional(Type.Boolean({
    defaultText: '(unset: on only in development with a loopback HOST)',
    description:
      'true or false: serve the mail outbox at /dev/mailbox and /api/dev/outbox, to loopback connections without proxy headers. Refused in production.',
  })),
});
