import 'fake-indexeddb/auto';
import { createStore, get } from 'idb-keyval';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPersistedSession,
  loadPersistedSession,
  persistSessionFromStorage,
  restorePersistedSession,
  savePersistedSession,
  SESSION_DB_NAME,
  SESSION_RECORD_KEY,
  SESSION_STORE_NAME,
} from '../../src/lib/persistedSession';

const session = {
  accessToken: 'acc-1',
  refreshToken: 'ref-1',
  userId: 'u1',
  userEmail: 'asha@example.com',
  userName: 'Asha',
  guideFace: 'false',
  guideImage: 'true',
  guideVideo: 'false',
};

beforeEach(async () => {
  sessionStorage.clear();
  await clearPersistedSession();
});

describe('persisted session', () => {
  it('saves, loads and clears the record in its own IndexedDB store', async () => {
    await savePersistedSession(session);
    expect(await loadPersistedSession()).toEqual(session);
    // The service worker reads the same database/store/key.
    expect(await get(SESSION_RECORD_KEY, createStore(SESSION_DB_NAME, SESSION_STORE_NAME))).toEqual(session);
    await clearPersistedSession();
    expect(await loadPersistedSession()).toBeNull();
  });

  it('ignores a record without both tokens', async () => {
    await savePersistedSession({ accessToken: 'acc-only' });
    expect(await loadPersistedSession()).toBeNull();
  });

  it('copies the live sessionStorage session, but never writes an empty one', async () => {
    await persistSessionFromStorage();
    expect(await loadPersistedSession()).toBeNull();
    for (const [k, v] of Object.entries(session)) sessionStorage.setItem(k, v);
    sessionStorage.setItem('activeItem', '/face'); // not part of the session record
    await persistSessionFromStorage();
    expect(await loadPersistedSession()).toEqual(session);
    // A refresh rotates the tokens; the copy follows.
    sessionStorage.setItem('accessToken', 'acc-2');
    sessionStorage.setItem('refreshToken', 'ref-2');
    await persistSessionFromStorage();
    expect(await loadPersistedSession()).toMatchObject({ accessToken: 'acc-2', refreshToken: 'ref-2' });
  });

  it('restores into an empty sessionStorage (an installed app reopened)', async () => {
    await savePersistedSession(session);
    expect(await restorePersistedSession()).toBe(true);
    for (const [k, v] of Object.entries(session)) expect(sessionStorage.getItem(k)).toBe(v);
  });

  it('never overwrites a tab that already has a session', async () => {
    await savePersistedSession(session);
    sessionStorage.setItem('accessToken', 'tab-token');
    expect(await restorePersistedSession()).toBe(false);
    expect(sessionStorage.getItem('accessToken')).toBe('tab-token');
    expect(sessionStorage.getItem('userName')).toBeNull();
  });

  it('restores nothing when nothing is kept', async () => {
    expect(await restorePersistedSession()).toBe(false);
    expect(sessionStorage.length).toBe(0);
  });
});
