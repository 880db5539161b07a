// The start-up side of the session kept in IndexedDB (persistedSession.ts): whether there is one,
// restoring it and keeping it in step, without loading the IndexedDB code for the visitors (most
// of the public pages' visitors) who never signed in.
import { hasAccessToken } from './session';

/** Set in localStorage while IndexedDB holds a session. */
export const SESSION_KEPT_MARK = 'persona-session-kept';

export function markSessionKept(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(SESSION_KEPT_MARK, '1');
    else localStorage.removeItem(SESSION_KEPT_MARK);
  } catch {
    // Storage disabled: restore then simply finds nothing to restore.
  }
}

export function sessionKept(): boolean {
  try {
    return localStorage.getItem(SESSION_KEPT_MARK) !== null;
  } catch {
    return false;
  }
}

/**
 * Before the first render: restores a kept session into an empty sessionStorage, if there is one.
 * One that IndexedDB gives only after the start gave up waiting is restored too: the page is then
 * loaded again at the address it was opened with (the route guard may have sent it to /login).
 */
export async function restoreKeptSession(): Promise<boolean> {
  if (!sessionKept()) return false;
  const opened = location.pathname + location.search + location.hash;
  const { restorePersistedSession } = await import('./persistedSession');
  return restorePersistedSession(undefined, () => location.replace(opened));
}

/**
 * Safety net for token changes made without telling us: when the page is hidden or closed, keep
 * IndexedDB in step with this tab's live session.
 */
export function keepPersistedSessionInStep(target: Window = window): () => void {
  const persist = () => {
    if (hasAccessToken()) void import('./persistedSession').then((m) => m.persistSessionFromStorage());
  };
  const onVisibility = () => {
    if (target.document.visibilityState === 'hidden') persist();
  };
  target.document.addEventListener('visibilitychange', onVisibility);
  target.addEventListener('pagehide', persist);
  return () => {
    target.document.removeEventListener('visibilitychange', onVisibility);
    target.removeEventListener('pagehide', persist);
  };
}
