// Terms and Conditions, sections A to L (spec 000 §2 Terms, constants from §9).
import type { TermsSection } from './types.ts';
import { COMPANY_LEGAL_NAME, LEGAL_EMAIL, SUPPORT_EMAIL } from './contact.ts';
import { FREE_TRIAL_DAYS } from './plans.ts';
import { AI_TRANSPARENCY_PATH } from './brand.ts';

export const MINIMUM_AGE = 18;
export const DISPUTE_SETTLEMENT_DAYS = 30;
export const COUNTER_NOTICE_RESTORE = '10 to 14 business days';
export const REFUND_PROCESSING = '2-3 business days';
export const FREE_REVISIONS = 1;
/**
 * The spec leaves the refund request window unfilled. 'Within 7 days of the charge' is our own
 * decision, pending confirmation by the business; change it here and every page follows.
 */
export const REFUND_REQUEST_WINDOW = 'within 7 days of the charge';

export const TERMS_LAST_UPDATED = '2026-11-26';

export const TERMS_PAGE = {
  title: 'Terms and',
  gradianttitle: 'Conditions',
  intro: `These Terms and Conditions govern your use of Persona Studio, the website and web application operated by ${COMPANY_LEGAL_NAME}, Ahmedabad, India ("Persona Studio", "we", "us"). By creating an account or using the service you agree to them. Please read them carefully.`,
} as const;

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    letter: 'A',
    title: 'Service availability',
    paragraphs: [
      'Persona Studio is provided on an "as is" and "as available" basis. We work hard to keep the service running around the clock, but we do not guarantee that it will be uninterrupted, error-free or available in every country. Generation times depend on demand and on the type of content requested, and may vary.',
      'We may carry out planned maintenance, change, add or withdraw features, models or templates, or suspend parts of the service where required for security, legal or technical reasons. Where a change materially reduces what a paid plan includes, we will tell you in advance by email or in the app.',
      'Some features rely on third parties, such as payment providers, sign-in providers and the platforms whose public links you paste. We are not responsible for outages or changes on their side, though we will do what we reasonably can to limit the impact on you.',
    ],
  },
  {
    letter: 'B',
    title: 'Age',
    paragraphs: [
      `You must be at least ${MINIMUM_AGE} years old to create an account or use Persona Studio. By signing up you confirm that you meet this requirement and that you have the legal capacity to accept these Terms.`,
      'If you use Persona Studio on behalf of a company, agency or other organisation, you confirm that you are authorised to bind that organisation, and "you" in these Terms includes it.',
      'We may ask for reasonable proof of age and may close any account we believe belongs to someone under the minimum age.',
    ],
  },
  {
    letter: 'C',
    title: 'Your information',
    paragraphs: [
      'You agree to give accurate information when you register, subscribe or enter billing details, and to keep it up to date. You are responsible for keeping your password confidential and for all activity under your account. Tell us immediately at ' +
        SUPPORT_EMAIL +
        ' if you suspect unauthorised use.',
      'Our handling of personal information is described in our Privacy Policy, which forms part of these Terms. Files you upload, such as garments, songs and voice recordings, are used to produce the results you ask for and to operate the service.',
      'You must not upload photographs, voices or other personal data of anyone without the legal right and, where needed, their consent to do so.',
    ],
  },
  {
    letter: 'D',
    title: 'Copyright and trademark',
    paragraphs: [
      'As between you and Persona Studio, you own the content you create with the service, subject to these Terms and to any rights of third parties in the material you provide. You grant us a limited licence to host, process, display and transmit your uploads and creations solely to operate, secure and improve the service for you.',
      'The Persona Studio name, logo, website, software, templates, watermark and documentation are owned by us or our licensors and are protected by copyright and trademark law. You may not copy, modify, resell or reverse engineer them, or remove or obscure the watermark on downloaded content, except where the law expressly permits it.',
      'You are responsible for making sure that your prompts, uploads and the way you publish your creations do not infringe anyone else\u2019s copyright, trademark, personality or publicity rights. Blending celebrity names is a tool for creating a new, fictional face; you must never present a result as, or as endorsed by, a real person.',
    ],
  },
  {
    letter: 'E',
    title: 'Takedown policy',
    paragraphs: [
      `If you believe content created with or hosted on Persona Studio infringes your rights or depicts you without consent, send a notice to ${LEGAL_EMAIL} identifying the content, the right concerned, your contact details and a statement that the information is accurate. We review every notice and may remove or disable content while we do.`,
      `If your content was removed and you believe this was a mistake, you may send a counter-notice explaining why, with your contact details and consent to the jurisdiction of the courts of Ahmedabad. Unless the complainant tells us within that period that they have started legal proceedings, we will restore the content within ${COUNTER_NOTICE_RESTORE} of receiving a valid counter-notice.`,
      'We will close the accounts of users who repeatedly infringe the rights of others.',
    ],
  },
  {
    letter: 'F',
    title: 'Dispute resolution',
    paragraphs: [
      `If you have a dispute with us, please first contact ${SUPPORT_EMAIL} with a description of the problem and the outcome you are looking for. Both parties agree to try in good faith to settle the dispute informally within ${DISPUTE_SETTLEMENT_DAYS} days of that notice.`,
      `If the dispute is not settled within ${DISPUTE_SETTLEMENT_DAYS} days, it shall be referred to arbitration by a sole arbitrator under the Arbitration and Conciliation Act, 1996, seated in Ahmedabad, Gujarat, and conducted in English. Either party may still seek urgent interim relief from a competent court.`,
      'These Terms are governed by the laws of India. Subject to the arbitration clause above, the courts at Ahmedabad have exclusive jurisdiction. Nothing in this section limits any rights you have as a consumer under the mandatory laws of your country of residence.',
    ],
  },
  {
    letter: 'G',
    title: 'Unlimited service and rate limiting',
    paragraphs: [
      'Where a plan or feature is described as unlimited, such as affiliate invitations or earnings, it means there is no fixed cap, not that any volume of automated use is allowed. Generation allowances for faces, images and videos are those listed for your plan and renew each billing period; unused allowance does not roll over.',
      'To keep the service fair and stable for everyone, we apply rate limits to requests and may queue, slow down or reject requests that exceed them. Scripts, bots, scraping and any attempt to bypass limits, quotas or the watermark are not allowed.',
      'We may suspend accounts whose usage threatens the stability or security of the service, and will contact you where possible before doing so.',
    ],
  },
  {
    letter: 'H',
    title: 'Payment and billing',
    paragraphs: [
      `Paid plans are billed monthly in advance, in Indian rupees through our India payment partner or in US dollars through PayPal elsewhere. Plans begin with a ${FREE_TRIAL_DAYS}-day free trial where offered; unless you cancel before the trial ends, your subscription starts and your payment method is charged automatically.`,
      'Subscriptions renew automatically at the end of each period at the price then in force for your plan until you cancel. You can cancel at any time; cancellation takes effect at the end of the current period and you keep access until then. Promotional prices apply for the period stated in the offer.',
      'Prices exclude taxes unless shown otherwise, and applicable taxes such as GST are added where required. If a payment fails, we may retry it and suspend generation until the balance is settled. Payment providers process your card or account details under their own terms; we never store full card numbers.',
    ],
  },
  {
    letter: 'I',
    title: 'Community guidelines',
    paragraphs: [
      'Persona Studio is for creating fictional characters. You must not use it to impersonate real people, create intimate or sexual imagery of any real person, or create any content that sexualises minors. Such content is removed and reported to the authorities where the law requires, and the account is closed.',
      'You must not create or publish content that is defamatory, hateful, harassing, violent, deceptive or illegal, including fake news, political disinformation, fraud or content designed to mislead people into believing an event occurred.',
      'When you publish AI-generated content, disclose it as required by the platforms you use and by applicable law, such as advertising standards for sponsored posts. We may review content reported to us and remove content or suspend accounts that break these guidelines.',
      [
        'Every image, video and song made with Persona Studio is marked as AI-generated: labelled in the app, and marked inside the file with the IPTC digital source type and signed Content Credentials. You must not remove or alter these marks to present a result as authentic. ',
        { href: AI_TRANSPARENCY_PATH, label: 'AI Transparency' },
        ' explains each mark and how to verify it.',
      ],
    ],
  },
  {
    letter: 'J',
    title: 'Liability',
    paragraphs: [
      'To the fullest extent permitted by law, Persona Studio is not liable for indirect, incidental, special or consequential losses, loss of profits, revenue, data or goodwill, or for how you or others use content created with the service.',
      'Our total liability for any claim arising out of or relating to the service is limited to the amount you paid us in the three months before the event giving rise to the claim.',
      'Nothing in these Terms excludes or limits liability that cannot be excluded or limited under applicable law, including liability for fraud or for death or personal injury caused by negligence. You agree to indemnify us against claims arising from content you create or publish in breach of these Terms.',
    ],
  },
  {
    letter: 'K',
    title: 'Miscellaneous',
    paragraphs: [
      'We may update these Terms from time to time. We will post the new version on this page with a new date and, for material changes, notify you by email or in the app. Continuing to use the service after a change takes effect means you accept the updated Terms.',
      'If any provision of these Terms is found unenforceable, the rest remains in force. Our failure to enforce a provision is not a waiver of it. You may not transfer your account or these Terms without our consent; we may transfer them as part of a reorganisation, merger or sale.',
      `These Terms, together with the Privacy Policy, are the entire agreement between you and ${COMPANY_LEGAL_NAME} about the service. Notices to us should be sent to ${LEGAL_EMAIL}.`,
    ],
  },
  {
    letter: 'L',
    title: 'Refund policy',
    paragraphs: [
      `If you are not satisfied with a charge, you may request a refund ${REFUND_REQUEST_WINDOW} by writing to ${SUPPORT_EMAIL} from the email address on your account, with the subscription id from your receipt and the reason for the request.`,
      `Before a refund, we offer ${FREE_REVISIONS === 1 ? 'one free revision' : `${FREE_REVISIONS} free revisions`}: if a generation did not come out as expected because of a fault on our side, we will re-run it once at no cost to your allowance.`,
      `Approved refunds are processed within ${REFUND_PROCESSING} and returned to the original payment method; the time for the money to appear depends on your bank or PayPal. Refunds are not given for allowance already used in full, for the remainder of a period after cancellation, or where an account was closed for breaking these Terms.`,
    ],
  },
];
