// The eight testimonial cards on the home page (spec 000 §2 Home, §9: 8 testimonials, 4 or 5 stars).
import type { Testimonial } from './types.ts';
import { siteMedia } from './media.ts';

export const TESTIMONIALS_SECTION = {
  title: 'Clients are our Priority',
  subtitle: "Our success is measured by our clients' satisfaction.",
} as const;

/** Slider timing: the three visible cards advance every 3 seconds (spec 000 §9). */
export const TESTIMONIAL_ADVANCE_MS = 3000;

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    title: 'My character finally looks the same in every post',
    description:
      'I tried three other tools and my influencer looked like a different person every week. With Persona Studio I blended a face once and now every image and reel keeps it. My followers comment on her outfits, not on why her nose changed.',
    name: 'Meera Kapoor',
    role: 'Fashion creator, Mumbai',
    stars: 5,
    image: siteMedia('testimonials/01.webp'),
  },
  {
    title: 'A lookbook in an afternoon',
    description:
      'We launched our summer drop with cloth swaps on our brand character instead of a photoshoot. Uploading the garment and swapping just the top or the full outfit saved us a week and a lot of money, and the images sold the collection.',
    name: 'Daniel Okafor',
    role: 'Founder, streetwear label, Lagos',
    stars: 5,
    image: siteMedia('testimonials/02.webp'),
  },
  {
    title: 'Our team runs six characters from one account',
    description:
      'The gallery keeps every face, image and video organised, so handing work between designers is painless. I would love folders per client, but for an agency juggling several virtual influencers it is already the best workflow we have found.',
    name: 'Sofia Martínez',
    role: 'Social media lead, creative agency, Madrid',
    stars: 4,
    image: siteMedia('testimonials/03.webp'),
  },
  {
    title: 'Original music for every reel',
    description:
      'I write the lyrics, upload a reference song for the vibe and my own voice, and Persona Studio gives me a track my character can perform. No more fighting copyright claims on trending audio.',
    name: 'Rohan Verma',
    role: 'Independent musician, Pune',
    stars: 5,
    image: siteMedia('testimonials/04.webp'),
  },
  {
    title: 'Image to video changed our engagement',
    description:
      'Static posts were flat for us. Turning our best images into short clips with a simple prompt doubled saves on our account within a month. The watermark on downloads is tasteful and our clients understand it.',
    name: 'Hannah Lee',
    role: 'Creative director, Seoul',
    stars: 5,
    image: siteMedia('testimonials/05.webp'),
  },
  {
    title: 'A brand face without the model fees',
    description:
      'We needed a consistent ambassador for our skincare range across India. The prompt-based face generation gave us exactly the warm, relatable look we described, and we disclose clearly that she is AI. Customers love her.',
    name: 'Arvind Nair',
    role: 'Marketing manager, skincare brand, Bengaluru',
    stars: 4,
    image: siteMedia('testimonials/06.webp'),
  },
  {
    title: 'From idea to first post in one evening',
    description:
      'I typed three celebrity names, got a face that looks like nobody real, and had a full carousel and a reel ready before dinner. The seven-day trial was enough to know I was staying.',
    name: 'Chloé Dubois',
    role: 'Virtual influencer creator, Lyon',
    stars: 5,
    image: siteMedia('testimonials/07.webp'),
  },
  {
    title: 'Face swap from a reel link is a superpower',
    description:
      'Paste an Instagram reel link, choose our character, and we have a version of a trend in minutes. Longer videos take a while to render, but the results are clean and the app tells me when they are done.',
    name: 'Marcus Bennett',
    role: 'Owner, content studio, Austin',
    stars: 4,
    image: siteMedia('testimonials/08.webp'),
  },
];
