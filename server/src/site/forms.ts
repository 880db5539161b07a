import { SITE_LIMITS } from '../../../contract/site.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../../contract/text.ts';
import { HttpError } from '../http-error.ts';

// One pragmatic rule for addresses typed into forms: something@domain.tld, no spaces, within RFC 5321 lengths.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)*\.[^\s@.]{2,}$/;
// A plain mailbox only: these would let a mail header read it as a display name, a comment, a
// quoted part or a list ('Boss <boss@corp.com>', 'a@b.com, c@d.com').
const ADDRESS_SPECIALS = /[<>"(),;:\\[\]]/;

/** A plain mailbox (it becomes a Reply-To header), within RFC 5321 lengths. */
export function isValidEmail(email: string): boolean {
  return email.length <= SITE_LIMITS.emailMax && EMAIL.test(email) && !ADDRESS_SPECIALS.test(email);
}

/** The field a body schema failure is about, from ajv's error (instancePath or missingProperty). */
export function fieldOfValidation(error: unknown): string | undefined {
  const first = (error as { validation?: Array<{ instancePath: string; params: Record<string, unknown> }> }).validation?.[0];
  if (!first) return undefined;
  const path = first.instancePath.split('/').filter(Boolean)[0];
  return path ?? (typeof first.params.missingProperty === 'string' ? first.params.missingProperty : undefined);
}

type ContactField = 'name' | 'email' | 'message';

const LABEL: Record<ContactField, string> = { name: 'Name', email: 'Email', message: 'Message' };
const MAX: Record<ContactField, number> = { name: SITE_LIMITS.nameMax, email: SITE_LIMITS.emailMax, message: SITE_LIMITS.messageMax };

/** Trimmed contact fields, or a 400 naming the first bad one (in form order). */
export function checkContact(body: Partial<Record<ContactField, unknown>>): Record<ContactField, string> {
  const out = {} as Record<ContactField, string>;
  for (const field of ['name', 'email', 'message'] as const) {
    const raw = body[field];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') throw new HttpError(400, `${LABEL[field]} is required.`, field);
    if (value.length > MAX[field]) throw new HttpError(400, `${LABEL[field]} must be at most ${MAX[field]} characters.`, field);
    if (hasControlCharacters(value)) throw new HttpError(400, controlCharactersMessage(LABEL[field]), field);
    out[field] = value;
  }
  if (!isValidEmail(out.email)) throw new HttpError(400, 'Please enter a valid email address', 'email');
  return out;
}
