// Subscription plans (spec 000 §9). Monthly prices: rupees for visitors in India, dollars elsewhere;
// `duplicate*` is the struck-through list price that the 50% promotion is measured against.
//
// Plan ids: `planId` (India provider) and `otherplanId` (PayPal) are stable keys that the page
// sends to /subscription/ and /paypal-subscription/. The server maps them to the real provider
// plans from its own config; a build may also override any of them with the VITE_* variable named
// beside it (e.g. VITE_PLAN_ID_BASIC_INR) when a deployment wants the page to send provider ids.
import type { Currency, FaqItem, Plan, PlanKey } from './types.ts';
import { readEnv } from './env.ts';
import { INSTAGRAM_URL, SUPPORT_EMAIL, SUPPORT_MAILTO, YOUTUBE_URL } from './contact.ts';

export const PROMOTION = { percentOff: 50, label: 'LIMITED TIME OFFER, 50% off' } as const;
export const FREE_TRIAL_DAYS = 7;
export const ENTERPRISE_PRICE_LABEL = "Let's Talk";

const planIdFor = (plan: Exclude<PlanKey, 'enterprise'>, currency: Currency): string =>
  readEnv(`VITE_PLAN_ID_${plan.toUpperCase()}_${currency}`) ??
  (currency === 'INR' ? `plan_${plan}_inr` : `P-${plan.toUpperCase()}-USD`);

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    planId: planIdFor('basic', 'INR'),
    otherplanId: planIdFor('basic', 'USD'),
    name: 'Basic',
    price: 999,
    duplicatePrice: 1999,
    otherPrice: 12.99,
    duplicateOtherPrice: 25.99,
    icon: 'spark',
    description: 'For creators launching their first virtual influencer and finding its look.',
    limits: { faceGeneration: 3, imageGeneration: 15, videoGeneration: 5 },
    features: [
      '3 AI characters (face generations) a month',
      '15 image generations, including cloth swaps',
      '5 video generations: face-swap video, image to video or AI music',
      'Faces from three celebrity names or a detailed prompt',
      'Images from a pose and a short prompt',
      'Personal gallery with watermarked downloads',
      'Email support',
    ],
    action: 'subscribe',
  },
  {
    id: 'advanced',
    planId: planIdFor('advanced', 'INR'),
    otherplanId: planIdFor('advanced', 'USD'),
    name: 'Advanced',
    price: 1999,
    duplicatePrice: 3999,
    otherPrice: 24.99,
    duplicateOtherPrice: 49.99,
    icon: 'rocket',
    description: 'For creators posting every week who need a steady flow of images and reels.',
    limits: { faceGeneration: 5, imageGeneration: 35, videoGeneration: 10 },
    features: [
      '5 AI characters (face generations) a month',
      '35 image generations, including cloth swaps',
      '10 video generations: face-swap video, image to video or AI music',
      'Face swaps from Instagram post and reel links or templates',
      'Top, bottom and one-piece cloth swap',
      'Personal gallery with watermarked downloads',
      'Email support',
    ],
    action: 'subscribe',
    popular: true,
  },
  {
    id: 'premium',
    planId: planIdFor('premium', 'INR'),
    otherplanId: planIdFor('premium', 'USD'),
    name: 'Premium',
    price: 2999,
    duplicatePrice: 5999,
    otherPrice: 39.99,
    duplicateOtherPrice: 79.99,
    icon: 'crown',
    description: 'For brands and professional creators running a full content calendar.',
    limits: { faceGeneration: 6, imageGeneration: 80, videoGeneration: 15 },
    features: [
      '6 AI characters (face generations) a month',
      '80 image generations, including cloth swaps',
      '15 video generations: face-swap video, image to video or AI music',
      'Everything in Advanced',
      'AI music from your lyrics, a reference song, a voice and an instrumental',
      'Lowest cost per generation of any monthly plan',
      'Priority email support',
    ],
    action: 'subscribe',
  },
  {
    id: 'enterprise',
    planId: null,
    otherplanId: null,
    name: 'Enterprise',
    price: null,
    duplicatePrice: null,
    otherPrice: null,
    duplicateOtherPrice: null,
    priceLabel: ENTERPRISE_PRICE_LABEL,
    icon: 'building',
    description: 'For agencies and brands managing many characters, with volumes and terms agreed with you.',
    limits: null,
    features: [
      'Custom monthly volumes for faces, images and videos',
      'Multiple team seats and shared characters',
      'Custom watermark and usage terms',
      'Invoiced billing in INR or USD',
      'Dedicated account manager and onboarding',
      'Service levels agreed in your contract',
    ],
    action: 'contact',
  },
];

export function planByKey(key: PlanKey): Plan {
  const plan = PLANS.find((p) => p.id === key);
  if (!plan) throw new Error(`Unknown plan: ${key}`);
  return plan;
}

/** The plan whose India or international provider id is `planId`, if any. */
export function planByProviderId(planId: string): Plan | undefined {
  return PLANS.find((p) => p.planId === planId || p.otherplanId === planId);
}

/** Visitors detected in India see rupees; everyone else sees dollars. */
export function currencyForCountry(countryCode: string | null | undefined): Currency {
  return countryCode?.toUpperCase() === 'IN' ? 'INR' : 'USD';
}

/** '₹1,999' or '$24.99'. */
export function formatPrice(amount: number, currency: Currency): string {
  return currency === 'INR'
    ? `₹${amount.toLocaleString('en-IN', { maximumFractionDigits: 0 })}`
    : `$${amount.toFixed(2)}`;
}

/** The price and struck-through list price a card shows, or the Enterprise label. */
export function planPriceDisplay(
  plan: Plan,
  currency: Currency,
): { price: string; listPrice: string | null; perMonth: boolean } {
  const price = currency === 'INR' ? plan.price : plan.otherPrice;
  const list = currency === 'INR' ? plan.duplicatePrice : plan.duplicateOtherPrice;
  if (price === null) return { price: plan.priceLabel ?? ENTERPRISE_PRICE_LABEL, listPrice: null, perMonth: false };
  return { price: formatPrice(price, currency), listPrice: list === null ? null : formatPrice(list, currency), perMonth: true };
}

export const PRICING_PAGE = {
  title: 'Choose Your',
  gradianttitle: 'Perfect Plan',
  subtitle: `Start with a ${FREE_TRIAL_DAYS}-Day Free Trial, then pick the plan that matches how often you post. Upgrade, downgrade or cancel at any time.`,
  perMonth: '/month',
  getStarted: 'Get Started',
  currentPlan: 'Current Plan',
  processing: 'Processing...',
  contactUs: 'Contact Us',
  faqTitle: 'Pricing',
  faqGradianttitle: 'FAQs',
} as const;

export const PRICING_FAQS: readonly FaqItem[] = [
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every paid plan starts with a ${FREE_TRIAL_DAYS}-Day Free Trial, so you can create your first character, generate images and try video before you are charged. Cancel during the trial and you pay nothing.`,
    link: { href: '/pricing', label: 'Compare plans' },
  },
  {
    question: 'How long does the 50% offer last?',
    answer:
      'The limited-time offer takes 50% off the list price of the Basic, Advanced and Premium plans; the struck-through figure on each card is the list price. The price shown in bold is exactly what you will be charged each month, and we will announce the end of the offer on this page before it happens.',
    link: { href: '/pricing', label: 'See the current prices' },
  },
  {
    question: 'What counts as a face, an image or a video generation?',
    answer:
      'Each new character you create uses one face generation. Image generations cover new images and cloth swaps. Video generations cover face-swap videos, image-to-video clips and AI music tracks. A generation that fails is never counted, and your allowance renews with each billing period.',
  },
  {
    question: 'Where can I learn how to get the best results?',
    answer:
      'Our YouTube channel has short walkthroughs of every tool, from blending a face out of three celebrity names to cloth swaps and image-to-video clips.',
    link: { href: YOUTUBE_URL, label: 'Watch the tutorials on YouTube' },
  },
  {
    question: 'Can I see what other creators make with Persona Studio?',
    answer:
      'Follow us on Instagram, where we share characters, reels and campaigns made by the community every week, along with the prompts behind them.',
    link: { href: INSTAGRAM_URL, label: 'Follow Persona Studio on Instagram' },
  },
  {
    question: 'I need help with billing or my plan. Who do I contact?',
    answer: `Write to ${SUPPORT_EMAIL} with the email address on your account and, if it is about a payment, the subscription id from your receipt. We reply within one business day.`,
    link: { href: SUPPORT_MAILTO, label: `Email ${SUPPORT_EMAIL}` },
  },
];
