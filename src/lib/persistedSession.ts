// The signed-in session kept in IndexedDB (ARCHITECTURE §5): an installed app reopened later
// starts with an empty sessionStorage, so main.tsx restores the session from here before the
// first render. The service worker can read the same record (it cannot read sessionStorage).
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { CHARACTERS_DB, GALLERY_DB, JOBS_DB, OUTBOX_DB, USER_MEDIA_CACHE } from '../../contract/sw-messages';
import { SESSION_KEYS, SessionKey, type SessionKeyName } from './session';
import { STUDIO_SESSION_KEYS } from './studioSessionKeys';
import { markSessionKept, sessionKept } from './sessionKeeping';
import { accessStillValid, SESSION_DB_NAME, SESSION_LOCK, SESSION_RECORD_KEY, SESSION_STORE_NAME, tokenGeneration as generation } from '../../contract/session-record';

// The studio imports its key names from here, so they load with this chunk, not one of their own.
export { StudioSessionKey } from './studioSessionKeys';

export { SESSION_DB_NAME, SESSION_RECORD_KEY, SESSION_STORE_NAME };

/** Every key the persisted session copies: the account's and the studio's. */
export const PERSISTED_SESSION_KEYS: readonly SessionKeyName[] = [...SESSION_KEYS, ...STUDIO_SESSION_KEYS];

export type PersistedSession = Partial<Record<SessionKeyName, string>>;

let store: UseStore | null = null;
function sessionStore(): UseStore {
  store ??= createStore(SESSION_DB_NAME, SESSION_STORE_NAME);
  return store;
}

/** A session is worth keeping only with both tokens: the access token expires in minutes. */
function isUsable(session: PersistedSession | undefined): session is PersistedSession {
  return Boolean(session?.[SessionKey.accessToken] && session[SessionKey.refreshToken]);
}

export async function savePersistedSession(session: PersistedSession): Promise<void> {
  await set(SESSION_RECORD_KEY, { ...session }, sessionStore());
  markSessionKept(true);
}

export async function loadPersistedSession(): Promise<PersistedSession | null> {
  const session = await get<PersistedSession>(SESSION_RECORD_KEY, sessionStore());
  return isUsable(session) ? session : null;
}

export async function clearPersistedSession(): Promise<void> {
  markSessionKept(false);
  await clear(sessionStore());
}

/** The session keys currently in sessionStorage. */
export function readSessionFromStorage(): PersistedSession {
  const session: PersistedSession = {};
  for (const key of PERSISTED_SESSION_KEYS) {
    const value = sessionStorage.getItem(key);
    if (value !== null) session[key] = value;
  }
  return session;
}

/** Where the browser has Web Locks, one tab at a time reads and writes the shared record. */
function withSessionLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(SESSION_LOCK, work) : work();
}

async function loadQuietly(): Promise<PersistedSession | null> {
  try {
    return await loadPersistedSession();
  } catch {
    return null;
  }
}

/**
 * Copies the session in sessionStorage to IndexedDB. Call after sign-in and whenever the user's
 * name changes. Without an access token in sessionStorage nothing is written: clearing is always
 * explicit. A tab holding an older token pair than the record never overwrites it: refresh tokens
 * rotate, and putting back a rotated one would get the whole sign-in revoked at the next refresh.
 */
export async function persistSessionFromStorage(): Promise<void> {
  const session = readSessionFromStorage();
  if (!isUsable(session)) return;
  await withSessionLock(async () => {
    const stored = await loadQuietly();
    if (stored && stored[SessionKey.userId] === session[SessionKey.userId] && generation(stored) > generation(session)) return;
    try {
      await savePersistedSession(session);
    } catch {
      // IndexedDB unavailable (private mode, quota): the tab keeps working from sessionStorage.
    }
  }).catch(() => undefined);
}

/**
 * Copies values that are not tokens (the studio's results and running jobs) into the stored
 * record of the same user, whatever this tab's token generation: they never rotate.
 */
export async function persistSessionValues(values: PersistedSession): Promise<void> {
  const userId = sessionStorage.getItem(SessionKey.userId);
  if (!userId) return;
  await withSessionLock(async () => {
    const stored = await loadQuietly();
    if (!stored || stored[SessionKey.userId] !== userId) return;
    const next: PersistedSession = { ...stored };
    for (const [key, value] of Object.entries(values) as [SessionKeyName, string | undefined][]) {
      if (value === undefined) delete next[key];
      else next[key] = value;
    }
    try {
      await savePersistedSession(next);
    } catch {
      // IndexedDB unavailable: the tab keeps working from sessionStorage.
    }
  }).catch(() => undefined);
}

export interface TokenPair {
  access: string;
  refresh?: string;
}

/**
 * Gets a new access token for this tab without racing other tabs of the same session: under a
 * cross-tab lock, a newer pair another tab already stored is adopted (and used as it is while
 * its access token lives); otherwise `requestTokens` rotates this tab's refresh token and the new
 * pair is stored with the next generation number. Resolves the access token, or null.
 */
export async function refreshSessionAcrossTabs(requestTokens: () => Promise<TokenPair | null>): Promise<string | null> {
  return withSessionLock(async () => {
    const ours = readSessionFromStorage();
    const stored = await loadQuietly();
    const sameUser = stored && stored[SessionKey.userId] === ours[SessionKey.userId];
    if (sameUser && generation(stored) > generation(ours)) {
      for (const key of [SessionKey.accessToken, SessionKey.refreshToken, SessionKey.tokenGeneration] as const) {
        const value = stored[key];
        if (value !== undefined) sessionStorage.setItem(key, value);
      }
      if (accessStillValid(stored[SessionKey.accessToken])) return stored[SessionKey.accessToken] ?? null;
    }
    const tokens = await requestTokens();
    if (!tokens) return null;
    sessionStorage.setItem(SessionKey.accessToken, tokens.access);
    if (tokens.refresh) sessionStorage.setItem(SessionKey.refreshToken, tokens.refresh);
    const next = Math.max(generation(readSessionFromStorage()), sameUser ? generation(stored) : 0) + 1;
    sessionStorage.setItem(SessionKey.tokenGeneration, String(next));
    try {
      await savePersistedSession(readSessionFromStorage());
    } catch {
      // IndexedDB unavailable: this tab carries on from sessionStorage.
    }
    return tokens.access;
  });
}

/**
 * Before the first render: when this tab has no access token but IndexedDB holds a session,
 * copy it into sessionStorage. Resolves true when a session was restored; never throws, and
 * gives up after `timeoutMs` so a stuck IndexedDB cannot hold the page blank. A slow one (a
 * loaded phone) is not a signed-out user: a session that arrives after the time-out is still
 * copied in, if the tab has none by then, and `onLate` is called so the page can catch up.
 */
export async function restorePersistedSession(timeoutMs = 1500, onLate?: () => void, read = loadPersistedSession): Promise<boolean> {
  if (sessionStorage.getItem(SessionKey.accessToken) || !sessionKept()) return false;
  let settle = () => {};
  lateRestore = new Promise<void>((resolve) => (settle = resolve));
  let timedOut = false;
  const timeout = new Promise<null>((resolve) => setTimeout(() => ((timedOut = true), resolve(null)), timeoutMs));
  const load = read();
  let session: PersistedSession | null;
  try {
    session = await Promise.race([load, timeout]);
  } catch {
    settle();
    return false;
  }
  if (timedOut) {
    load.then((late) => late && copyIntoEmptyTab(late) && onLate?.(), () => undefined).finally(settle);
    return false;
  }
  settle();
  return session !== null && copyIntoEmptyTab(session);
}

let lateRestore: Promise<void> = Promise.resolve();

/**
 * Resolves once the kept session's restore is over, a late one included. Whoever takes a tab
 * without a session for a signed-out user (the login page) waits for it first: on a loaded
 * machine IndexedDB answered after the start's 1.5 s, the route guard had already sent the page
 * to /login, and the login page cleared the very session on its way in (the user was signed out).
 */
export function keptSessionRestored(): Promise<void> {
  return lateRestore;
}

/** Copies a kept session into this tab unless the tab has one of its own. */
function copyIntoEmptyTab(session: PersistedSession): boolean {
  if (sessionStorage.getItem(SessionKey.accessToken)) return false;
  for (const key of PERSISTED_SESSION_KEYS) {
    const value = session[key];
    if (value !== undefined) sessionStorage.setItem(key, value);
  }
  return true;
}

/**
 * The signed-out user's own data leaves the device with the session: the media cache, the
 * gallery and the characters kept for offline use, requests still queued (they cannot be sent signed out) and the
 * jobs the service worker follows.
 */
export async function clearUserData(): Promise<void> {
  await Promise.all([
    typeof caches === 'undefined' ? null : caches.delete(USER_MEDIA_CACHE).catch(() => false),
    ...[GALLERY_DB, OUTBOX_DB, JOBS_DB, CHARACTERS_DB].map((db) => clear(createStore(db.name, db.store)).catch(() => undefined)),
  ]);
}
