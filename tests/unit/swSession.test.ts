import 'fake-indexeddb/auto';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_DB_NAME, SESSION_RECORD_KEY, SESSION_STORE_NAME, type SessionRecord } from '../../contract/session-record';
import { swCredentials } from '../../sw/swSession';

const store = createStore(SESSION_DB_NAME, SESSION_STORE_NAME);
const token = (secondsLeft: number, tag: string) => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsLeft, tag }))}.s`;

function refreshAnswers(...answers: Array<{ status: number; body?: object }>) {
  const calls: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init.body)) });
    const next = answers.shift() ?? { status: 500 };
    return new Response(JSON.stringify(next.body ?? {}), { status: next.status });
  });
  return calls;
}

beforeEach(() => set(SESSION_RECORD_KEY, { userId: 'u1', accessToken: token(600, 'a1'), refreshToken: 'r1', tokenGeneration: '3', userName: 'Asha' } satisfies SessionRecord, store));
afterEach(() => vi.unstubAllGlobals());

describe("the service worker's session (sw/swSession.ts)", () => {
  it('uses a live stored access token without refreshing', async () => {
    const calls = refreshAnswers();
    expect(await swCredentials('/api')).toEqual({ userId: 'u1', accessToken: token(600, 'a1') });
    expect(calls).toEqual([]);
  });

  it('refreshes a refused or expired token once, storing the rotated pair with the next generation for the tabs to adopt', async () => {
    const calls = refreshAnswers({ status: 200, body: { access: token(600, 'a2'), refresh: 'r2' } });
    const refused = token(600, 'a1');
    expect(await swCredentials('/api', refused)).toEqual({ userId: 'u1', accessToken: token(600, 'a2') });
    expect(calls).toEqual([{ url: '/api/refresh/', body: { refresh_token: 'r1' } }]);
    expect(await get(SESSION_RECORD_KEY, store)).toEqual({ userId: 'u1', accessToken: token(600, 'a2'), refreshToken: 'r2', tokenGeneration: '4', userName: 'Asha' });
    // A tab that refreshed in between wrote a newer token: that one is used, nothing is spent.
    expect(await swCredentials('/api', refused)).toEqual({ userId: 'u1', accessToken: token(600, 'a2') });
    expect(calls).toHaveLength(1);
  });

  it('gives up (null) when signed out or when the refresh is refused, and leaves the record for the page', async () => {
    await set(SESSION_RECORD_KEY, { userId: 'u1', accessToken: token(5, 'old'), refreshToken: 'r1', tokenGeneration: '3' }, store);
    refreshAnswers({ status: 401, body: { error: 'Session expired.' } });
    expect(await swCredentials('/api')).toBeNull();
    expect((await get<SessionRecord>(SESSION_RECORD_KEY, store))?.refreshToken).toBe('r1');
    await set(SESSION_RECORD_KEY, {}, store);
    expect(await swCredentials('/api')).toBeNull();
  });
});
