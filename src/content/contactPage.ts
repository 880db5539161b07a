// The /contact page's own copy, apart from content/contact.ts, whose links and address every
// page's header and footer load.
/** Copy for the /contact page. */
export const CONTACT_PAGE = {
  title: 'Contact Us',
  gradianttitle: "We'd love to hear from you",
  intro:
    'Questions about plans, a billing problem, a partnership idea or feedback on a feature: send us a message and a real person on our Ahmedabad team will reply, usually within one business day.',
  formTitle: 'Send us a message',
  labels: { name: 'Your name', email: 'Email address', message: 'How can we help?' },
  placeholders: {
    name: 'Priya Sharma',
    email: 'you@example.com',
    message: 'Tell us what you are working on and what you need from Persona Studio.',
  },
  submit: 'Send Message',
  sending: 'Sending...',
  success: 'Thanks for contacting us',
  failure: 'Failed to send message. Please try again later.',
} as const;
