import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearPersistedSession,
  keptSessionRestored,
  loadPersistedSession,
  persistSessionFromStorage,
  refreshSessionAcrossTabs,
  restorePersistedSession,
  savePersistedSession,
  SESSION_DB_NAME,
  SESSION_RECORD_KEY,
  SESSION_STORE_NAME,
} from '../../src/lib/persistedSession';
import { SESSION_KEPT_MARK } from '../../src/lib/sessionKeeping';

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

  it('a kept session IndexedDB gives only after the start gave up is still restored, and the page told', async () => {
    await savePersistedSession(session);
    let give!: (s: typeof session) => void;
    const slow = new Promise<typeof session>((resolve) => (give = resolve));
    let told!: () => void;
    const late = new Promise<void>((resolve) => (told = resolve));
    // The read is still pending when the start stops waiting (a loaded phone's IndexedDB).
    expect(await restorePersistedSession(0, told, () => slow)).toBe(false);
    expect(sessionStorage.getItem('accessToken')).toBeNull();
    give(session);
    await late;
    for (const [k, v] of Object.entries(session)) expect(sessionStorage.getItem(k)).toBe(v);
  });

  it('keptSessionRestored waits for a late restore (the login page clears the kept session only after it)', async () => {
    await savePersistedSession(session);
    let give!: (s: typeof session) => void;
    const slow = new Promise<typeof session>((resolve) => (give = resolve));
    expect(await restorePersistedSession(0, () => undefined, () => slow)).toBe(false);
    let over = false;
    const restored = keptSessionRestored().then(() => (over = true));
    await Promise.resolve();
    expect(over).toBe(false);
    give(session);
    await restored;
    // By then the late session is in the tab: the login page sees it and keeps the record.
    expect(sessionStorage.getItem('accessToken')).toBe(session.accessToken);
  });

  it('a late kept session never overwrites a tab that signed in meanwhile, and nothing is told', async () => {
    await savePersistedSession(session);
    let give!: (s: typeof session) => void;
    const slow = new Promise<typeof session>((resolve) => (give = resolve));
    const told = vi.fn();
    expect(await restorePersistedSession(0, told, () => slow)).toBe(false);
    sessionStorage.setItem('accessToken', 'signed-in-here');
    give(session);
    await slow;
    await Promise.resolve(); // the late copy's own continuation runs after the read's
    expect(told).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('accessToken')).toBe('signed-in-here');
    expect(sessionStorage.getItem('userName')).toBeNull();
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

  it('a visitor who never signed in starts without opening IndexedDB; clearing removes the mark', async () => {
    // A record written behind the mark's back is not even looked for.
    await set(SESSION_RECORD_KEY, session, createStore(SESSION_DB_NAME, SESSION_STORE_NAME));
    expect(localStorage.getItem(SESSION_KEPT_MARK)).toBeNull();
    expect(await restorePersistedSession()).toBe(false);
    expect(sessionStorage.length).toBe(0);
    await savePersistedSession(session);
    expect(localStorage.getItem(SESSION_KEPT_MARK)).toBe('1');
    await clearPersistedSession();
    expect(localStorage.getItem(SESSION_KEPT_MARK)).toBeNull();
  });
});

describe('token pairs shared by tabs of one session', () => {
  function jwt(expiresInS: number): string {
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    return `${b64({ alg: 'HS256' })}.${b64({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + expiresInS })}.sig`;
  }
  function tab(generation: number, refresh: string, access = 'acc-old'): void {
    sessionStorage.clear();
    for (const [k, v] of Object.entries({ ...session, accessToken: access, refreshToken: refresh, tokenGeneration: String(generation) })) {
      sessionStorage.setItem(k, v);
    }
  }

  it('rotates this tab\'s token when no newer pair is stored, and stores the new pair one generation up', async () => {
    tab(5, 'ref-5');
    await persistSessionFromStorage();
    const requestTokens = vi.fn(async () => ({ access: 'acc-6', refresh: 'ref-6' }));
    expect(await refreshSessionAcrossTabs(requestTokens)).toBe('acc-6');
    expect(requestTokens).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('refreshToken')).toBe('ref-6');
    expect(await loadPersistedSession()).toMatchObject({ accessToken: 'acc-6', refreshToken: 'ref-6', tokenGeneration: '6' });
  });

  it('adopts a newer pair another tab stored instead of reusing its own rotated token', async () => {
    const fresh = jwt(600);
    tab(6, 'ref-6', fresh); // the other tab refreshed and stored generation 6
    await persistSessionFromStorage();
    tab(5, 'ref-5'); // this tab still holds the pair the other tab rotated away
    const requestTokens = vi.fn(async () => ({ access: 'never', refresh: 'never' }));
    expect(await refreshSessionAcrossTabs(requestTokens)).toBe(fresh);
    expect(requestTokens).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('refreshToken')).toBe('ref-6');
  });

  it('refreshes with the adopted pair when its access token has expired too', async () => {
    tab(6, 'ref-6', jwt(-60));
    await persistSessionFromStorage();
    tab(5, 'ref-5');
    const used: (string | null)[] = [];
    const requestTokens = vi.fn(async () => {
      used.push(sessionStorage.getItem('refreshToken'));
      return { access: 'acc-7', refresh: 'ref-7' };
    });
    expect(await refreshSessionAcrossTabs(requestTokens)).toBe('acc-7');
    expect(used).toEqual(['ref-6']);
    expect(await loadPersistedSession()).toMatchObject({ refreshToken: 'ref-7', tokenGeneration: '7' });
  });

  it('a stale tab never writes its older pair over a newer stored one', async () => {
    tab(6, 'ref-6');
    await persistSessionFromStorage();
    tab(5, 'ref-5');
    await persistSessionFromStorage(); // e.g. on pagehide
    expect(await loadPersistedSession()).toMatchObject({ refreshToken: 'ref-6', tokenGeneration: '6' });
  });

  it('a failed refresh resolves null and stores nothing', async () => {
    tab(5, 'ref-5');
    await persistSessionFromStorage();
    expect(await refreshSessionAcrossTabs(async () => null)).toBeNull();
    expect(await loadPersistedSession()).toMatchObject({ refreshToken: 'ref-5', tokenGeneration: '5' });
  });
});
