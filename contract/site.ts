import { Type, type Static } from 'typebox';
import { FreeText } from './text.ts';

/** Bounds shared by the server checks and the page's inputs. */
export const SITE_LIMITS = {
  emailMax: 254,
  nameMax: 100,
  messageMax: 5000,
} as const;

/** A confirmation the page shows (newsletter, contact). */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** POST /api/news_letter/: 201 joined, 200 already subscribed, 400 {error, field: 'email'}, 429. */
export const NewsletterBody = Type.Object({
  email: Type.String({ maxLength: SITE_LIMITS.emailMax, description: 'Trimmed and lowercased before it is stored.' }),
});
export type NewsletterBody = Static<typeof NewsletterBody>;

export const NEWSLETTER_MESSAGES = {
  joined: 'Successfully joined our community',
  already: 'You are already subscribed to our newsletter.',
  invalidEmail: 'Please enter a valid email address',
  tooMany: 'Too many requests. Please try again later.',
} as const;

/** POST /api/contact-us/: 201, or 400 naming the field, or 429. */
export const ContactBody = Type.Object({
  name: FreeText({ maxLength: SITE_LIMITS.nameMax }),
  email: Type.String({ maxLength: SITE_LIMITS.emailMax }),
  message: FreeText({ maxLength: SITE_LIMITS.messageMax }),
});
export type ContactBody = Static<typeof ContactBody>;

export const CONTACT_MESSAGES = {
  sent: 'Thanks for contacting us',
} as const;

/** GET /api/find_ip_add/: the caller's address as the server sees it (X-Forwarded-For only from trusted proxies). */
export const IpResponse = Type.Object({ ip: Type.String() });
export type IpResponse = Static<typeof IpResponse>;

/** POST /api/get_country_name/ */
export const CountryNameBody = Type.Object({ ip_address: Type.String({ maxLength: 64 }) });
export type CountryNameBody = Static<typeof CountryNameBody>;

/** ISO 3166-1 alpha-2 code and English name; both null for private, loopback or unknown addresses. */
export const CountryNameResponse = Type.Object({
  country: Type.Union([Type.String({ pattern: '^[A-Z]{2}$' }), Type.Null()]),
  country_name: Type.Union([Type.String(), Type.Null()]),
});
export type CountryNameResponse = Static<typeof CountryNameResponse>;

/** GET /api/get_contry_code (spelled so): every ISO 3166-1 alpha-2 code mapped to its English name. */
export const CountryCodesResponse = Type.Record(Type.String({ pattern: '^[A-Z]{2}$' }), Type.String());
export type CountryCodesResponse = Static<typeof CountryCodesResponse>;

/** GET /api/site_media_status: whether the generated site media library is complete. */
export const SiteMediaStatus = Type.Object({
  ready: Type.Boolean(),
  version: Type.Integer(),
  made: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
});
export type SiteMediaStatus = Static<typeof SiteMediaStatus>;
