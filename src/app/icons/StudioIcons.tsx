// Outline icons for the studio navigation, layout and result controls.
import { SvgIcon, type IconProps } from './SvgIcon';

export const FaceIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 10h.01M15 10h.01M8.5 14.5a5 5 0 0 0 7 0" />
  </SvgIcon>
);

export const ImageIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <circle cx="9" cy="9.5" r="1.8" />
    <path d="m21 15-4.5-4.5L6 20" />
  </SvgIcon>
);

export const VideoIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <rect x="2.5" y="6" width="13.5" height="12" rx="2.5" />
    <path d="m16 10.5 5.5-3.2v9.4L16 13.5" />
  </SvgIcon>
);

/** Characters (issue 44): two people, one in front. */
export const CharactersIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M15.5 4.8a3.5 3.5 0 0 1 0 6.4M18 14.2a6.5 6.5 0 0 1 3.5 5.8" />
  </SvgIcon>
);

/** The queue (issue 29): lines waiting, the first one running. */
export const QueueIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M4 6h10M4 12h10M4 18h10" />
    <path d="m17 9.5 4 2.5-4 2.5Z" />
  </SvgIcon>
);

export const ShirtIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M8.5 3.5 4 5.5 2.5 10l3.5 1.3V20.5h12V11.3l3.5-1.3L20 5.5l-4.5-2a3.5 3.5 0 0 1-7 0Z" />
  </SvgIcon>
);

export const ImageToVideoIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <rect x="2.5" y="4" width="12" height="10" rx="2" />
    <path d="m2.5 11.5 3.5-3.5 4 4" />
    <path d="M14 17.5h3.5M15.5 15.5l2 2-2 2" />
    <path d="m17 8.5 4.5-2.5v8l-4.5-2.5" />
  </SvgIcon>
);

export const TalkIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="10" cy="9" r="5" />
    <path d="M3 21a7 7 0 0 1 14 0M8 10.5a2.5 2.5 0 0 0 4 0M19 6.5a5 5 0 0 1 0 5M21.5 4a8.5 8.5 0 0 1 0 10" />
  </SvgIcon>
);

export const MusicIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M9 18V5.5l11-2V16" />
    <circle cx="6.5" cy="18" r="2.5" />
    <circle cx="17.5" cy="16" r="2.5" />
  </SvgIcon>
);

export const GalleryIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <rect x="3" y="3" width="7.5" height="7.5" rx="1.8" />
    <rect x="13.5" y="3" width="7.5" height="7.5" rx="1.8" />
    <rect x="3" y="13.5" width="7.5" height="7.5" rx="1.8" />
    <rect x="13.5" y="13.5" width="7.5" height="7.5" rx="1.8" />
  </SvgIcon>
);

export const FeedbackIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M20.5 12a8.5 8.5 0 0 1-12.3 7.6L3.5 21l1.4-4.4A8.5 8.5 0 1 1 20.5 12Z" />
    <path d="M8.5 10.5h7M8.5 13.5h4.5" />
  </SvgIcon>
);

export const ProfileIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5a8 8 0 0 1 16 0" />
  </SvgIcon>
);

export const MenuIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M4 6.5h16M4 12h16M4 17.5h16" />
  </SvgIcon>
);

/** Sidebar toggle: a panel with its rail; the arrow flips with the state. */
export const PanelIcon = ({ open, ...p }: IconProps & { open: boolean }) => (
  <SvgIcon {...p}>
    <rect x="3" y="4" width="18" height="16" rx="3" />
    <path d="M9 4v16" />
    <path d={open ? 'm15.5 10-2 2 2 2' : 'm13.5 10 2 2-2 2'} />
  </SvgIcon>
);

export const ZoomIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5M11 8v6M8 11h6" />
  </SvgIcon>
);

export const DownloadIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M12 3v12m0 0-4.5-4.5M12 15l4.5-4.5M4 17v2.5A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5V17" />
  </SvgIcon>
);

/** An arrow leaving a tray: the share sheet's usual sign. */
export const ShareIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M12 15V3.5m0 0L7.5 8M12 3.5 16.5 8M8 11H5.5A1.5 1.5 0 0 0 4 12.5v7A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-7a1.5 1.5 0 0 0-1.5-1.5H16" />
  </SvgIcon>
);

export const InfoIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </SvgIcon>
);

export const ExpandIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
  </SvgIcon>
);

/** Sparkles: the mark beside the 'AI-generated' label. */
export const SparkleIcon = (p: IconProps) => (
  <SvgIcon {...p}>
    <path d="M10 3.5 11.6 8.4 16.5 10 11.6 11.6 10 16.5 8.4 11.6 3.5 10 8.4 8.4Z" />
    <path d="M18 14.5 18.8 16.2 20.5 17 18.8 17.8 18 19.5 17.2 17.8 15.5 17 17.2 16.2Z" />
  </SvgIcon>
);
