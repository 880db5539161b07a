// The signed-in session as IndexedDB keeps it (ARCHITECTURE §5): the page writes it
// (src/lib/persistedSession.ts), the service worker reads it to follow jobs and refreshes its
// tokens under the same Web Lock and generation number the tabs use (sw/swSession.ts), so a tab
// and the worker never both spend one rotating refresh token.

export const SESSION_DB_NAME = 'persona-session';
export const SESSION_STORE_NAME = 'session';
/** The one record of the store: the session's sessionStorage keys and values. */
export const SESSION_RECORD_KEY = 'current';
/** The Web Lock held while the record is read and written. */
export const SESSION_LOCK = 'persona-session';

/** The record's fields that tokens live in (sessionStorage key names, src/lib/session.ts). */
export const TokenField = { access: 'accessToken', refresh: 'refreshToken', generation: 'tokenGeneration', userId: 'userId' } as const;

export type SessionRecord = Partial<Record<string, string>>;

/** The token pair's order number: each refresh stores the next one. */
export function tokenGeneration(record: SessionRecord | null | undefined): number {
  return Number(record?.[TokenField.generation] ?? 0) || 0;
}

/** The access token still has ten seconds or more to live (read from its own exp claim). */
export function accessStillValid(token: string | undefined): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const { exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof exp === 'number' && exp * 1000 > Date.now() + 10_000;
  } catch {
    return false;
  }
}
