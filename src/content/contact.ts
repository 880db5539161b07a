// Company contact details, social profiles and footer badges. Persona Studio is based in Ahmedabad.
import type { FeaturedBadge, SocialLink } from './types.ts';

export const COMPANY_NAME = 'Persona Studio';
export const COMPANY_LEGAL_NAME = 'Persona Studio Private Limited';

export const SUPPORT_EMAIL = 'support@personastudio.ai';
export const SALES_EMAIL = 'sales@personastudio.ai';
export const PRIVACY_EMAIL = 'privacy@personastudio.ai';
export const LEGAL_EMAIL = 'legal@personastudio.ai';
export const AFFILIATE_EMAIL = 'affiliates@personastudio.ai';

export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;

/** Postal address, one element per line. */
export const ADDRESS_LINES = [
  COMPANY_LEGAL_NAME,
  '7th Floor, Sapphire Business Hub, Sindhu Bhavan Road',
  'Bodakdev, Ahmedabad, Gujarat 380054',
  'India',
] as const;

/** The address on a single line (footer, maps query). */
export const ADDRESS_ONE_LINE = ADDRESS_LINES.slice(1).join(', ');

export const MAPS_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
  `Sindhu Bhavan Road, Bodakdev, Ahmedabad, Gujarat 380054, India`,
)}`;

export const PHONE = '+91 79 4000 0000';
export const PHONE_HREF = 'tel:+917940000000';
export const SUPPORT_HOURS = 'Monday to Saturday, 10:00 to 19:00 IST';

/** WhatsApp business number in international form without '+', for wa.me links. */
export const WHATSAPP_NUMBER = '919825000000';

export const YOUTUBE_URL = 'https://www.youtube.com/@personastudio';
export const INSTAGRAM_URL = 'https://www.instagram.com/personastudio.ai/';

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { network: 'facebook', label: 'Persona Studio on Facebook', href: 'https://www.facebook.com/personastudio.ai' },
  { network: 'linkedin', label: 'Persona Studio on LinkedIn', href: 'https://www.linkedin.com/company/personastudio' },
  { network: 'instagram', label: 'Persona Studio on Instagram', href: INSTAGRAM_URL },
  {
    network: 'whatsapp',
    label: 'Chat with Persona Studio on WhatsApp',
    href: `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent('Hi Persona Studio, I have a question.')}`,
  },
  { network: 'x', label: 'Persona Studio on X', href: 'https://x.com/personastudioai' },
  { network: 'youtube', label: 'Persona Studio on YouTube', href: YOUTUBE_URL },
];

/** The two "featured on" badges in the footer; the SVGs live in public/badges/ (250 x 54). */
export const FEATURED_BADGES: readonly FeaturedBadge[] = [
  {
    href: 'https://www.producthunt.com/products/persona-studio',
    alt: 'Persona Studio - Featured on Product Hunt',
    image: '/badges/featured-product-hunt.svg',
    width: 250,
    height: 54,
  },
  {
    href: 'https://theresanaiforthat.com/ai/persona-studio/',
    alt: "Persona Studio - Featured on There's An AI For That",
    image: '/badges/featured-theres-an-ai-for-that.svg',
    width: 250,
    height: 54,
  },
];

export const COPYRIGHT_LINE = `© 2025 ${COMPANY_NAME}. All rights reserved.`;

/** Gmail compose window prefilled with a recipient and subject (opened in a new tab). */
export function composeMailUrl(to: string, subject: string): string {
  return `https://mail.google.com/mail/?view=cm&fs=1&to=${to}&su=${encodeURIComponent(subject)}`;
}

/** Subject of the signed-in Enterprise 'Contact Us' mail (spec 000 §2 Pricing). */
export const ENTERPRISE_INQUIRY_SUBJECT = 'Enterprise Plan Inquiry';

export function enterpriseInquiryMailUrl(): string {
  return composeMailUrl(SALES_EMAIL, ENTERPRISE_INQUIRY_SUBJECT);
}
