// Newsletter block copy (home, about and affiliate pages). Messages follow spec 000 §5 and §8.
export const NEWSLETTER = {
  title: 'Join Our',
  gradianttitle: 'Community',
  subtitle:
    'Get new features, prompt ideas and creator stories in your inbox, about twice a month. No spam, and you can unsubscribe at any time.',
  placeholder: 'Enter your email',
  submit: 'Subscribe',
  emptyEmail: 'Please enter a valid email address',
  success: 'Successfully joined our community',
  fallbackError: 'Error: Unable to process',
} as const;

/** How long newsletter and contact messages stay on screen (spec 000 §9). */
export const MESSAGE_CLEAR_MS = 2000;
