import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearPersistedSession, loadPersistedSession } from '../../src/lib/persistedSession';
import { useSessionStore } from '../../src/stores/sessionStore';

const profile = {
  user_id: 'u-7',
  email: 'asha@example.com',
  name: 'Asha',
  guide_tour_video_seen: false,
  guide_tour_image_seen: false,
  guide_tour_face_seen: false,
};

beforeEach(async () => {
  sessionStorage.clear();
  await clearPersistedSession();
  useSessionStore.getState().sync();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session store', () => {
  it('sign-in writes the spec keys (flags from where the caller says) and persists them', async () => {
    await useSessionStore.getState().signIn({
      access: 'acc',
      refresh: 'ref',
      profile,
      flags: { guide_tour_face_seen: true, guide_tour_image_seen: false, guide_tour_video_seen: true },
    });
    expect(Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)]))).toEqual({
      accessToken: 'acc',
      refreshToken: 'ref',
      userId: 'u-7',
      userEmail: 'asha@example.com',
      userName: 'Asha',
      guideFace: 'true',
      guideImage: 'false',
      guideVideo: 'true',
      tokenGeneration: expect.stringMatching(/^\d{13}$/), // sign-in time: outranks older stored pairs
    });
    expect(useSessionStore.getState()).toMatchObject({ isAuthenticated: true, userId: 'u-7', userName: 'Asha' });
    expect(await loadPersistedSession()).toMatchObject({ accessToken: 'acc', refreshToken: 'ref', guideVideo: 'true' });

    await useSessionStore.getState().setUserName('Zara');
    expect(sessionStorage.getItem('userName')).toBe('Zara');
    expect((await loadPersistedSession())?.userName).toBe('Zara');
  });

  it('sign-out revokes the refresh token on the server and clears both copies, even if the call fails', async () => {
    await useSessionStore.getState().signIn({ access: 'acc', refresh: 'ref-9', profile, flags: profile });
    const fetch = vi.fn(async () => new Response(null, { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    await useSessionStore.getState().signOut();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout/');
    expect(JSON.parse(String(init.body))).toEqual({ refresh_token: 'ref-9' });
    expect(sessionStorage.length).toBe(0);
    expect(await loadPersistedSession()).toBeNull();
    expect(useSessionStore.getState().isAuthenticated).toBe(false);
  });
});
