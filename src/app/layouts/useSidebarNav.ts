import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { getSession, SessionKey } from '../../lib/session';
import { useSidebarStore } from '../../stores/sidebarStore';
import { matchSidebarItem, type SidebarItem } from './sidebarItems';

/** The active sidebar path, matched from the URL (also on first load) and kept in sessionStorage. */
export function useSidebarNav() {
  const { pathname } = useLocation();
  const matched = matchSidebarItem(pathname);
  const setActiveItem = useSidebarStore((s) => s.setActiveItem);

  useEffect(() => {
    if (matched) setActiveItem(matched.path);
  }, [matched, setActiveItem]);

  const userName = getSession(SessionKey.userName)?.trim();
  const labelFor = (item: SidebarItem): string =>
    item.path === '/profile' && userName ? userName : item.label;

  return { activePath: matched?.path ?? null, labelFor };
}
