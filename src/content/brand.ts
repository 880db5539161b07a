// Brand basics shared by the public layout: name, tagline, footer links, sign-in panel copy.
import type { ContentLink, SiteImage } from './types.ts';
import { siteMedia } from './media.ts';

export const BRAND_NAME = 'Persona Studio';
export const BRAND_TAGLINE = 'Create your own virtual influencer with ease.';

/** The public page explaining the AI marks on every output (issue 26). */
export const AI_TRANSPARENCY_PATH = '/ai-transparency';

/** Footer links in the spec's order (spec 000 §2 Footer), then the AI transparency page. */
export const FOOTER_LINKS: readonly ContentLink[] = [
  { href: '/contact', label: 'Contact Us' },
  { href: '/faqs', label: 'FAQs' },
  { href: '/terms', label: 'Terms & Conditions' },
  { href: '/privacy', label: 'Privacy Policy' },
  { href: '/careers', label: 'Careers' },
  { href: '/blogs', label: 'Blogs' },
  { href: '/about', label: 'About Us' },
  { href: '/affiliate', label: 'Affiliate' },
  { href: AI_TRANSPARENCY_PATH, label: 'AI Transparency' },
];

export const FOOTER_BLURB =
  'Persona Studio is the all-in-one studio for AI virtual influencers: faces, images, videos, cloth swaps and music for creators, brands and agencies.';

/** Left branding panel of the login page. */
export const AUTH_PANEL = {
  title: 'Bring your',
  gradianttitle: 'virtual influencer to life',
  text: 'Design a face that belongs to no one else, then create images, reels, outfits and music for it, all in one studio.',
  image: {
    src: siteMedia('auth/panel.webp'),
    alt: 'Collage of virtual influencer portraits created with Persona Studio',
    width: 900,
    height: 1200,
  } satisfies SiteImage,
} as const;
