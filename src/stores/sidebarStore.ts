// Signed-in sidebar state: pinned open or not, and the active item (kept in sessionStorage 'activeItem').
import { create } from 'zustand';
import { getSession, SessionKey, setSession } from '../lib/session';

interface SidebarState {
  /** True when the user pinned the sidebar open with the toggle button; hover expands it regardless. */
  pinned: boolean;
  /** Path of the active item, e.g. '/face'. */
  activeItem: string | null;
  togglePinned: () => void;
  setActiveItem: (path: string) => void;
}

export const useSidebarStore = create<SidebarState>((set, get) => ({
  pinned: false,
  activeItem: typeof sessionStorage === 'undefined' ? null : getSession(SessionKey.activeItem),
  togglePinned: () => set({ pinned: !get().pinned }),
  setActiveItem: (path) => {
    if (get().activeItem === path) return;
    setSession(SessionKey.activeItem, path);
    set({ activeItem: path });
  },
}));
