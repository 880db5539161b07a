// Outline icons of the gallery's item actions (issue 45): loaded with the gallery's chunk only.
import { SvgIcon, type IconProps } from './SvgIcon';

/** A star, filled when the item is a favourite. */
export const StarIcon = ({ filled, ...p }: IconProps & { filled: boolean }) => (
  <SvgIcon {...p} fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9Z" />
  </SvgIcon>
);

export const TrashIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12.5A1.5 1.5 0 0 0 8.5 21h7a1.5 1.5 0 0 0 1.5-1.5L18 7M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7" />
  </SvgIcon>
);

/** Three dots: the card's one menu of actions on a phone. */
export const MoreIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M6 12h.01M12 12h.01M18 12h.01" strokeWidth="3" />
  </SvgIcon>
);

export const FilterIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M4 5h16l-6 7.5V19l-4 2v-8.5Z" />
  </SvgIcon>
);

export const LinkIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </SvgIcon>
);
