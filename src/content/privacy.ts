// Privacy Policy (spec 000 §2 Privacy; no data collected from children under 13, §9).
import type { PolicySection } from './types.ts';
import { ADDRESS_LINES, COMPANY_LEGAL_NAME, PRIVACY_EMAIL, SUPPORT_EMAIL } from './contact.ts';

export const CHILDREN_MIN_AGE = 13;
export const PRIVACY_LAST_UPDATED = '2025-06-01';

export const PRIVACY_PAGE = {
  title: 'Privacy',
  gradianttitle: 'Policy',
  intro: `This Privacy Policy explains what information ${COMPANY_LEGAL_NAME} ("Persona Studio", "we") collects when you use our website and web application, how we use and share it, and the choices you have. We collect only what we need to run the service and we never sell your personal information.`,
} as const;

export const PRIVACY_SECTIONS: readonly PolicySection[] = [
  {
    id: 'data-collected',
    title: 'Information we collect',
    paragraphs: [
      'Account information: your name, email address and password (stored only as a secure hash), or the name and email address shared by Google when you sign in with Google. We also keep your communication preference and whether you have completed the guided tours.',
      'Billing information: the name, phone number, address, city, postcode, state and country you enter on the billing form, your plan and subscription status. Card and bank details are collected and processed by our payment providers; we receive only a confirmation, a subscription id and limited payment details such as the payment method and amount.',
      'Content: the prompts, celebrity names, links, garments, songs, voice and instrumental files you submit, and the faces, images, videos and music generated for you. Usage and device information: your IP address and the country derived from it (used to show prices in your currency), browser type, pages visited, feature usage, error reports and approximate timings.',
      'Messages: the name, email address and message you send through our contact form, your newsletter subscription, and any feedback or rating you leave in the app.',
    ],
  },
  {
    id: 'use',
    title: 'How we use information',
    paragraphs: [
      'We use your information to create and secure your account, generate and store the content you request, apply your plan\u2019s allowances, process payments and send receipts, and provide customer support.',
      'We also use it to keep the service safe, for example to enforce rate limits, detect abuse and review content reported under our community guidelines; to understand how features are used so we can improve them; and, if you have opted in, to send you news, tips and offers. You can opt out of marketing emails at any time.',
      'We do not use your uploads or private creations to train generative models that are offered to other customers without your explicit permission.',
    ],
  },
  {
    id: 'disclosure',
    title: 'How we share information',
    paragraphs: [
      'We share information only with service providers that help us run Persona Studio, such as cloud hosting and storage, GPU compute for generation, payment processing, email delivery and analytics, under contracts that require them to protect it and use it only on our instructions.',
      'We may disclose information when required by law, to respond to valid legal requests, to enforce our Terms and Conditions, or to protect the rights, property or safety of our users, the public or Persona Studio. If we are involved in a merger, acquisition or sale of assets, your information may be transferred as part of that transaction, and we will tell you before it becomes subject to a different privacy policy.',
      'We never sell your personal information and we do not share it with advertisers.',
    ],
  },
  {
    id: 'choices',
    title: 'Your choices and rights',
    paragraphs: [
      'You can view and update your name on your Profile page and switch the Communications setting off to stop receiving news and updates. Every marketing email also contains an unsubscribe link.',
      'You can delete your account at any time from your Profile page. Deleting your account removes your profile, your gallery and the files you uploaded from our active systems; limited records we must keep for tax, accounting or legal reasons are retained only as long as the law requires.',
      `Depending on where you live, you may have rights to access, correct, export or erase your personal data, or to object to or restrict certain processing. To exercise them, write to ${PRIVACY_EMAIL}. We will answer within 30 days.`,
    ],
  },
  {
    id: 'security',
    title: 'Security',
    paragraphs: [
      'We protect your information with encryption in transit, hashed passwords, access controls limited to staff who need them, and regular reviews of our systems. Copies of your results that the app keeps in your browser for offline use stay on that device, and clearing the site\u2019s data in your browser removes them.',
      'No method of transmission or storage is completely secure, so we cannot guarantee absolute security. If we become aware of a breach affecting your personal information, we will notify you and the relevant authorities as required by law.',
    ],
  },
  {
    id: 'children',
    title: `Children under ${CHILDREN_MIN_AGE}`,
    paragraphs: [
      `Persona Studio is intended for adults aged 18 and over. We do not knowingly collect any personal information from children under ${CHILDREN_MIN_AGE}.`,
      `If you believe a child under ${CHILDREN_MIN_AGE} has given us personal information, please contact ${PRIVACY_EMAIL}. We will delete the information and close the account.`,
    ],
  },
  {
    id: 'international',
    title: 'International visitors',
    paragraphs: [
      'Persona Studio is operated from India and used by people around the world. Your information may be processed and stored in India and in other countries where our service providers operate, whose data protection laws may differ from those of your country.',
      'Where the law requires it, we use appropriate safeguards, such as standard contractual clauses, for these transfers. By using the service you understand that your information will be transferred and processed as described in this policy.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    paragraphs: [
      'We may update this Privacy Policy as the service or the law changes. We will post the updated version on this page with a new date and, if the changes are significant, tell you by email or in the app before they take effect.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact us',
    paragraphs: [
      `Questions about this policy or your personal information can be sent to ${PRIVACY_EMAIL}. For anything else, our support team is at ${SUPPORT_EMAIL}.`,
      `By post: ${ADDRESS_LINES.join(', ')}.`,
    ],
  },
];
