// Spec document 1 §2 (Profile) and document 2: the right-click menu and the developer-tool
// shortcuts are blocked on some screens. A deterrent only; it protects nothing.
import { useEffect } from 'react';

/** F12, Ctrl+Shift+I, Ctrl+Shift+J, Ctrl+U, and their macOS forms (Cmd+Option+I/J, Cmd+Option+U). */
export function isDevToolsShortcut(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'shiftKey' | 'metaKey' | 'altKey'>): boolean {
  const key = e.key.toLowerCase();
  if (key === 'f12') return true;
  if (e.ctrlKey && e.shiftKey && (key === 'i' || key === 'j')) return true;
  if (e.ctrlKey && !e.shiftKey && key === 'u') return true;
  if (e.metaKey && e.altKey && (key === 'i' || key === 'j' || key === 'u')) return true;
  return false;
}

/** Blocks the context menu and the developer-tool shortcuts while the calling screen is mounted. */
export function useBlockDevTools(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onContextMenu = (e: MouseEvent) => e.preventDefault();
    const onKeyDown = (e: KeyboardEvent) => {
      if (isDevToolsShortcut(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    document.addEventListener('contextmenu', onContextMenu);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('contextmenu', onContextMenu);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [enabled]);
}
