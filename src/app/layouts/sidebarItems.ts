// The signed-in sidebar's items (document 1 §2, Signed-in sidebar) and how the active one is found.
import type { ComponentType } from 'react';
import type { IconProps } from '../icons/SvgIcon';
import {
  CharactersIcon,
  FaceIcon,
  FeedbackIcon,
  GalleryIcon,
  ImageIcon,
  ImageToVideoIcon,
  MusicIcon,
  ProfileIcon,
  QueueIcon,
  ShirtIcon,
  TalkIcon,
  VideoIcon,
} from '../icons/StudioIcons';

export interface SidebarItem {
  label: string;
  path: string;
  icon: ComponentType<IconProps>;
}

export const SIDEBAR_MAIN_ITEMS: readonly SidebarItem[] = [
  { label: 'Face Generation', path: '/face', icon: FaceIcon },
  { label: 'Image Generation', path: '/image', icon: ImageIcon },
  { label: 'Video Generation', path: '/video', icon: VideoIcon },
  { label: 'Cloth Swap', path: '/clothSwap', icon: ShirtIcon },
  { label: 'Image To Video', path: '/Imagetovideo', icon: ImageToVideoIcon },
  { label: 'AI Music', path: '/AIMusic', icon: MusicIcon },
  { label: 'Talking Character', path: '/talk', icon: TalkIcon },
  { label: 'Characters', path: '/characters', icon: CharactersIcon },
  { label: 'Gallery', path: '/gallery', icon: GalleryIcon },
  { label: 'Queue', path: '/queue', icon: QueueIcon },
];

/** Bottom items; Profile's label is replaced by the user's name when known. */
export const SIDEBAR_BOTTOM_ITEMS: readonly SidebarItem[] = [
  { label: 'Feedback', path: '/feedback', icon: FeedbackIcon },
  { label: 'Profile', path: '/profile', icon: ProfileIcon },
];

const ALL_ITEMS = [...SIDEBAR_MAIN_ITEMS, ...SIDEBAR_BOTTOM_ITEMS];

/** The item whose path is the current path or a parent of it; null when none matches. */
export function matchSidebarItem(pathname: string): SidebarItem | null {
  return (
    ALL_ITEMS.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`)) ?? null
  );
}
