// Affiliate program page (spec 000 §2 Affiliate, §9: 25% of each referred payment, 50 extra
// credits for sign-ups via the link, unlimited earnings and invitations).
import type { AffiliateStep, FaqItem, SiteImage } from './types.ts';
import { readEnv } from './env.ts';
import { siteMedia } from './media.ts';
import { AFFILIATE_EMAIL } from './contact.ts';

/** External application form; a deployment can point it elsewhere with VITE_AFFILIATE_FORM_URL. */
export const AFFILIATE_APPLICATION_URL =
  readEnv('VITE_AFFILIATE_FORM_URL') ?? 'https://tally.so/r/persona-studio-affiliates';
/** Third-party referral dashboard; override with VITE_AFFILIATE_DASHBOARD_URL. */
export const AFFILIATE_DASHBOARD_URL =
  readEnv('VITE_AFFILIATE_DASHBOARD_URL') ?? 'https://personastudio.firstpromoter.com/';

export const AFFILIATE_COMMISSION_PERCENT = 25;
export const AFFILIATE_SIGNUP_BONUS_CREDITS = 50;

export const AFFILIATE_PAGE = {
  title: 'Join the Persona Studio',
  gradianttitle: 'Affiliate Program',
  intro: `Share Persona Studio with your audience and earn ${AFFILIATE_COMMISSION_PERCENT}% of every payment made by the people you refer. It is free to join, and there is no limit to how many people you can invite or how much you can earn.`,
  stepsTitle: 'How it works',
  applyLabel: 'Apply Now',
  dashboardLabel: 'Open Dashboard',
} as const;

export const AFFILIATE_IMAGE: SiteImage = {
  src: siteMedia('affiliate/hero.webp'),
  alt: 'A creator sharing a Persona Studio referral link from a phone',
  width: 1200,
  height: 800,
};

export const AFFILIATE_STEPS: readonly AffiliateStep[] = [
  {
    step: 1,
    title: 'Fill out the application form',
    description:
      'Tell us about yourself, your audience and where you plan to share Persona Studio. We review applications within a few business days and email you your personal referral link.',
    link: { href: AFFILIATE_APPLICATION_URL, label: 'Open the application form' },
  },
  {
    step: 2,
    title: 'Invite people with your link',
    description:
      'Share your link in your bio, videos, tutorials, newsletters or with clients. Anyone who signs up through it is tracked to you automatically.',
    points: ['Unlimited invitations', 'Works for creators, brands and agencies alike'],
  },
  {
    step: 3,
    title: 'Earn',
    description: 'You are rewarded every time someone you referred pays for a plan, for as long as they stay subscribed.',
    points: [
      `${AFFILIATE_COMMISSION_PERCENT}% of each payment made by the people you refer`,
      `${AFFILIATE_SIGNUP_BONUS_CREDITS} extra credits for every sign-up through your link`,
      'Unlimited earnings: no cap on commissions',
    ],
  },
  {
    step: 4,
    title: 'Track your earnings',
    description:
      'Follow clicks, sign-ups, payments and payouts in real time on our referral partner\u2019s dashboard, and request payouts from there.',
    link: { href: AFFILIATE_DASHBOARD_URL, label: 'Go to the referral dashboard' },
  },
];

export const AFFILIATE_FAQS: readonly FaqItem[] = [
  {
    question: 'Who can join the affiliate program?',
    answer:
      'Anyone aged 18 or over with an audience or network interested in AI content: creators, educators, agencies, communities and newsletter writers. You do not need to be a Persona Studio subscriber, although it helps to know the product well.',
  },
  {
    question: 'How much can I earn?',
    answer: `You earn ${AFFILIATE_COMMISSION_PERCENT}% of every payment made by the people you refer, including renewals, for as long as they remain subscribed. There is no cap on earnings or on the number of people you invite.`,
  },
  {
    question: 'What are the 50 extra credits?',
    answer: `Each person who signs up through your link earns you ${AFFILIATE_SIGNUP_BONUS_CREDITS} extra credits, which are added to your Persona Studio account so you can keep creating.`,
  },
  {
    question: 'How and when am I paid?',
    answer:
      'Commissions appear on the referral dashboard as soon as a referred payment clears. Payouts are made monthly to your bank account or PayPal once your balance passes the minimum shown on the dashboard.',
    link: { href: AFFILIATE_DASHBOARD_URL, label: 'Open the referral dashboard' },
  },
  {
    question: 'Are there any rules for promoting Persona Studio?',
    answer:
      'Be honest: disclose that you earn a commission, do not make claims about the product that are not true, and do not bid on our brand name in search ads or send unsolicited messages. Accounts that break these rules are removed from the program.',
  },
  {
    question: 'Who do I contact with questions?',
    answer: `Write to our partnerships team at ${AFFILIATE_EMAIL} and we will get back to you within two business days.`,
    link: { href: `mailto:${AFFILIATE_EMAIL}`, label: `Email ${AFFILIATE_EMAIL}` },
  },
];
