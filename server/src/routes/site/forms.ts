import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { withErrors } from '../../../../contract/common.ts';
import { CONTACT_MESSAGES, ContactBody, MessageResponse, NEWSLETTER_MESSAGES, NewsletterBody } from '../../../../contract/site.ts';
import { HttpError } from '../../http-error.ts';
import { checkContact, fieldOfValidation, isValidEmail } from '../../site/forms.ts';
import { formsService } from '../../site/service.ts';

/** Per client IP (request.ip honours TRUST_PROXY); one counter per route. */
const FORM_RATE_LIMIT = {
  max: 10,
  timeWindow: '10 minutes',
  errorResponseBuilder: () => ({ statusCode: 429, message: NEWSLETTER_MESSAGES.tooMany }),
};

/** The two public forms: newsletter sign-up and contact (spec 000 §5, §7, §8). */
const forms: FastifyPluginAsyncTypebox = async (app) => {
  const service = formsService({ db: app.db, mailer: app.mailer, supportInbox: app.config.supportInbox });

  app.post(
    '/news_letter/',
    {
      // Schema failures (missing, not a string, too long) get the page's one message, not ajv's wording.
      attachValidation: true,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags: ['site'],
        summary: 'Subscribe an email address to the newsletter',
        body: NewsletterBody,
        response: withErrors({ 200: MessageResponse, 201: MessageResponse }, 400, 429),
      },
    },
    async (request, reply) => {
      const email = request.validationError ? '' : request.body.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw new HttpError(400, NEWSLETTER_MESSAGES.invalidEmail, 'email');
      const result = await service.subscribe(email);
      if (result === 'exists') return reply.code(200).send({ message: NEWSLETTER_MESSAGES.already });
      return reply.code(201).send({ message: NEWSLETTER_MESSAGES.joined });
    },
  );

  app.post(
    '/contact-us/',
    {
      attachValidation: true,
      config: { rateLimit: FORM_RATE_LIMIT },
      schema: {
        tags: ['site'],
        summary: 'Send a message to the support team',
        body: ContactBody,
        response: withErrors({ 201: MessageResponse }, 400, 429),
      },
    },
    async (request, reply) => {
      const raw = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>) : {};
      const fields = checkContact(raw);
      if (request.validationError) {
        const field = fieldOfValidation(request.validationError) ?? 'message';
        throw new HttpError(400, `${field} is invalid`, field);
      }
      await service.contact(fields, request.log);
      return reply.code(201).send({ message: CONTACT_MESSAGES.sent });
    },
  );
};

export default forms;
