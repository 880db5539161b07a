// Outline marks for the footer's social links (drawn for this app; no icon library).
import { SvgIcon, type IconProps } from './SvgIcon';

export const FacebookIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M17 2.5h-3a5 5 0 0 0-5 5v3H6v4h3v7h4v-7h3l1-4h-4v-3a1 1 0 0 1 1-1h3Z" />
  </SvgIcon>
);

export const LinkedInIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M16 8.5a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-4 0v7h-4v-7a6 6 0 0 1 6-6Z" />
    <rect x="2" y="9.5" width="4" height="12" />
    <circle cx="4" cy="4.5" r="2" />
  </SvgIcon>
);

export const InstagramIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" />
    <circle cx="12" cy="12" r="4.2" />
    <path d="M17.5 6.5h.01" />
  </SvgIcon>
);

export const WhatsAppIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="m3 21 1.65-3.8a9 9 0 1 1 3.4 2.9L3 21" />
    <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
  </SvgIcon>
);

export const XIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="m4 4 11.7 16H20L8.3 4H4Z" />
    <path d="m4 20 6.8-6.8M13.2 10.8 20 4" />
  </SvgIcon>
);

export const YouTubeIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M2.5 17a24 24 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24 24 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
    <path d="m10 15 5-3-5-3Z" />
  </SvgIcon>
);
