// The footer's address marker. A file of its own: the footer is on every page's first load, and
// sharing a module with the studio icons would bring all of them along.
import { SvgIcon, type IconProps } from './SvgIcon';

export const MapPinIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </SvgIcon>
);
