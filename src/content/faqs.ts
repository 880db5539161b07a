// FAQ items for the home page accordion and the /faqs page (spec 000 §2: seven questions on /faqs,
// one about subscription plans linking to /pricing). Accordions show one open item at a time.
import type { FaqItem } from './types.ts';
import { FREE_TRIAL_DAYS } from './plans.ts';
import { SUPPORT_EMAIL, SUPPORT_MAILTO } from './contact.ts';

export const FAQ_SECTION = {
  title: 'Frequently Asked',
  gradianttitle: 'Questions',
  subtitle: 'Everything you need to know about creating virtual influencers with Persona Studio.',
} as const;

export const HOME_FAQS: readonly FaqItem[] = [
  {
    question: 'What is Persona Studio?',
    answer:
      'Persona Studio is a web app for creating AI virtual influencers. You design a realistic face that belongs to no real person, then produce images, face-swap videos, cloth swaps, image-to-video clips and original music for that character, all kept in your personal gallery.',
  },
  {
    question: 'How do I create a face for my virtual influencer?',
    answer:
      'Choose Women or Men, then either type three celebrity names to blend into a brand-new face, or describe the face you want in detail with a prompt. The result is a realistic person who does not exist, ready to use in images and videos.',
  },
  {
    question: 'Can I use my character in videos?',
    answer:
      'Yes. Paste an Instagram reel link or pick one of our video templates to swap your character into it, or choose one of your generated images and describe the motion you want to turn it into a short clip.',
  },
  {
    question: 'Who owns the content I create?',
    answer:
      'You do. You may use your creations for personal and commercial projects, provided you follow our Terms and Conditions and community guidelines, including the rule never to impersonate a real person.',
    link: { href: '/terms', label: 'Read the Terms and Conditions' },
  },
  {
    question: 'Why do downloads carry a watermark?',
    answer:
      'Every image and video downloaded from Persona Studio carries a small watermark that marks it as AI-generated. It keeps audiences informed and protects you and your character from claims that the content is real footage.',
  },
  {
    question: 'Is there a free trial?',
    answer: `Yes. Every paid plan begins with a ${FREE_TRIAL_DAYS}-day free trial, and plans are currently 50% off for a limited time.`,
    link: { href: '/pricing', label: 'See plans and pricing' },
  },
];

export const FAQ_PAGE = {
  title: 'Frequently Asked',
  gradianttitle: 'Questions',
  subtitle: 'Quick answers about creating, subscribing and getting help. Still curious? Our team is one email away.',
  stillHaveQuestions: 'Still have questions?',
  contactLabel: 'Contact Us',
  contactHref: '/contact',
} as const;

/** The seven questions on /faqs. */
export const FAQ_PAGE_ITEMS: readonly FaqItem[] = [
  {
    question: 'What can I create with Persona Studio?',
    answer:
      'Realistic AI faces, images of your character in any pose or scene, face-swap videos from Instagram reels or templates, cloth swaps for tops, bottoms and full outfits, short videos from your images, and original AI music from your own lyrics.',
  },
  {
    question: 'Do I need design or editing skills?',
    answer:
      'No. Each tool asks only for what it needs, such as three celebrity names, a short prompt, a link or an uploaded garment, and a short guided tour shows you around the first time you open it.',
  },
  {
    question: 'What subscription plans do you offer?',
    answer: `We offer Basic, Advanced and Premium monthly plans with different allowances of faces, images and videos, plus a custom Enterprise plan for agencies and brands. Every paid plan starts with a ${FREE_TRIAL_DAYS}-day free trial.`,
    link: { href: '/pricing', label: 'Compare subscription plans' },
  },
  {
    question: 'How long does a generation take?',
    answer:
      'Faces and images are usually ready in under a minute. Videos take longer, typically a few minutes and up to about ten for long reels. You can leave the page while a video renders; it appears in your gallery when it is done.',
  },
  {
    question: 'Can I use my virtual influencer commercially?',
    answer:
      'Yes, on any paid plan you may use your creations for sponsored posts, advertising and products. You must follow our community guidelines, disclose AI-generated content where platforms or laws require it, and never present your character as a real person.',
  },
  {
    question: 'Is my data safe?',
    answer:
      'Your uploads and creations are private to your account unless you share them. We encrypt connections, never sell your personal information and delete your data when you delete your account. Our Privacy Policy explains the details.',
    link: { href: '/privacy', label: 'Read the Privacy Policy' },
  },
  {
    question: 'How do I cancel or get a refund?',
    answer: `You can cancel at any time and keep access until the end of the period you paid for. If something went wrong with a charge, write to ${SUPPORT_EMAIL}; approved refunds are processed within 2-3 business days.`,
    link: { href: SUPPORT_MAILTO, label: 'Email support' },
  },
];
