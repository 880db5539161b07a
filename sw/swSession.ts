/// <reference lib="webworker" />
// The service worker's view of the signed-in session: the record the page keeps in IndexedDB
// (contract/session-record.ts). The worker refreshes an expired access token itself, under the
// tabs' Web Lock and with the next generation number, so a tab adopts the new pair instead of
// spending the rotated refresh token again.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { refreshTokens } from '../contract/apiCore';
import {
  accessStillValid,
  SESSION_DB_NAME,
  SESSION_LOCK,
  SESSION_RECORD_KEY,
  SESSION_STORE_NAME,
  TokenField,
  tokenGeneration,
  type SessionRecord,
} from '../contract/session-record';

declare const self: ServiceWorkerGlobalScope;

let store: UseStore | null = null;
const sessionStore = () => (store ??= createStore(SESSION_DB_NAME, SESSION_STORE_NAME));

export interface SwCredentials {
  userId: string;
  accessToken: string;
}

const credentials = (record: SessionRecord): SwCredentials | null => {
  const userId = record[TokenField.userId];
  const accessToken = record[TokenField.access];
  return userId && accessToken ? { userId, accessToken } : null;
};

async function readRecord(): Promise<SessionRecord | null> {
  try {
    return (await get<SessionRecord>(SESSION_RECORD_KEY, sessionStore())) ?? null;
  } catch {
    return null;
  }
}

const locked = <T>(work: () => Promise<T>): Promise<T> => (self.navigator.locks ? self.navigator.locks.request(SESSION_LOCK, work) : work());

/**
 * The stored session's user and a live access token: the stored one while it lives (unless
 * `rejected`, the token the server just refused), else a new one from POST {apiBase}/refresh/.
 * Null when signed out, or when the refresh is refused (the page then signs the user out).
 */
export function swCredentials(apiBase: string, rejected?: string): Promise<SwCredentials | null> {
  return locked(async () => {
    const record = await readRecord();
    if (!record?.[TokenField.userId]) return null;
    const access = record[TokenField.access];
    // A tab may have refreshed since the token was refused: a different stored token is newer.
    if (access && access !== rejected && accessStillValid(access)) return credentials(record);
    const refreshToken = record[TokenField.refresh];
    if (!refreshToken) return null;
    const tokens = await refreshTokens(apiBase, refreshToken);
    if (!tokens) return null;
    const next: SessionRecord = {
      ...record,
      [TokenField.access]: tokens.access,
      ...(tokens.refresh ? { [TokenField.refresh]: tokens.refresh } : {}),
      [TokenField.generation]: String(tokenGeneration(record) + 1),
    };
    await set(SESSION_RECORD_KEY, next, sessionStore());
    return credentials(next);
  });
}
