// The public header's links. Footer links, address, socials and badges live in src/content/.

export interface NavLinkItem {
  label: string;
  to: string;
}

/** Public header links; Login and Get Started sit beside them. */
export const HEADER_LINKS: readonly NavLinkItem[] = [
  { label: 'Pricing', to: '/pricing' },
  { label: 'Blogs', to: '/blogs' },
  { label: 'About', to: '/about' },
];
