// The signed-in session: sessionStorage (the spec's keys) is the source of truth for this tab,
// IndexedDB keeps a copy for the next launch, and this store lets React follow along.
import { create } from 'zustand';
import { authApi, type AuthProfile, type GuideFlags } from '../api/auth';
import { clearSession, getSession, hasAccessToken, SessionKey, setSession } from '../lib/session';

export interface SignInData {
  access: string;
  refresh: string;
  profile: AuthProfile;
  /** Where the guide-tour flags are read from: the top level (login) or `profile` (OTP verify). */
  flags: GuideFlags;
}

interface SessionState {
  isAuthenticated: boolean;
  userId: string | null;
  userEmail: string | null;
  userName: string | null;
  /** Stores the tokens, ids and guide flags (sessionStorage + IndexedDB). */
  signIn: (data: SignInData) => Promise<void>;
  /** The profile's name changed. */
  setUserName: (name: string) => Promise<void>;
  /** Best-effort server logout (revokes the refresh token), then clears both copies. */
  signOut: () => Promise<void>;
  /** Clears both copies without calling the server (account deleted, toggling login/signup). */
  forget: () => Promise<void>;
  /** Re-reads sessionStorage (after something outside the store changed it). */
  sync: () => void;
}

function fromStorage() {
  if (typeof sessionStorage === 'undefined') {
    return { isAuthenticated: false, userId: null, userEmail: null, userName: null };
  }
  return {
    isAuthenticated: hasAccessToken(),
    userId: getSession(SessionKey.userId),
    userEmail: getSession(SessionKey.userEmail),
    userName: getSession(SessionKey.userName),
  };
}

/** The IndexedDB copy's code (idb-keyval) loads with the first sign-in or sign-out, not with /login. */
const persisted = () => import('../lib/persistedSession');

const flag = (value: boolean | undefined) => (value ? 'true' : 'false');

/** Writes a sign-in answer into sessionStorage under the spec's keys (document 1 §3). */
export function writeSignIn({ access, refresh, profile, flags }: SignInData): void {
  setSession(SessionKey.accessToken, access);
  setSession(SessionKey.refreshToken, refresh);
  setSession(SessionKey.userId, String(profile.user_id));
  setSession(SessionKey.userEmail, profile.email);
  setSession(SessionKey.userName, profile.name);
  setSession(SessionKey.guideFace, flag(flags.guide_tour_face_seen));
  setSession(SessionKey.guideImage, flag(flags.guide_tour_image_seen));
  setSession(SessionKey.guideVideo, flag(flags.guide_tour_video_seen));
  // A new sign-in outranks every token pair an earlier session left in IndexedDB.
  setSession(SessionKey.tokenGeneration, String(Date.now()));
}

async function clearEverywhere(): Promise<void> {
  clearSession();
  try {
    const session = await persisted();
    await Promise.all([session.clearPersistedSession(), session.clearUserData()]);
  } catch {
    // IndexedDB unavailable: nothing was persisted there either.
  }
}

export const useSessionStore = create<SessionState>((set) => ({
  ...fromStorage(),
  signIn: async (data) => {
    writeSignIn(data);
    set(fromStorage());
    await (await persisted()).persistSessionFromStorage();
  },
  setUserName: async (name) => {
    setSession(SessionKey.userName, name);
    set({ userName: name });
    await (await persisted()).persistSessionFromStorage();
  },
  signOut: async () => {
    const refreshToken = getSession(SessionKey.refreshToken);
    if (refreshToken) {
      try {
        await authApi.logout(refreshToken);
      } catch {
        // Best effort: the local session ends whatever the server says.
      }
    }
    await clearEverywhere();
    set(fromStorage());
  },
  forget: async () => {
    await clearEverywhere();
    set(fromStorage());
  },
  sync: () => set(fromStorage()),
}));
