// The spec's sessionStorage keys (document 1 §3, document 2 §3), named once. The studio's own
// keys live in studioSessionKeys.ts, out of the chunks every public page loads.
import type { StudioSessionKeyName } from './studioSessionKeys';

export const SessionKey = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  userId: 'userId',
  userEmail: 'userEmail',
  userName: 'userName',
  guideFace: 'guideFace',
  guideImage: 'guideImage',
  guideVideo: 'guideVideo',
  planDetails: 'Plan_Details',
  activeItem: 'activeItem',
  firstVisitTime: 'firstVisitTime',
  /** Ours, not the spec's: orders token pairs across tabs (src/lib/persistedSession.ts). */
  tokenGeneration: 'tokenGeneration',
} as const;

export type SessionKeyName = (typeof SessionKey)[keyof typeof SessionKey] | StudioSessionKeyName;

/** Keys that make up a signed-in session; cleared together on logout or a failed refresh. */
export const SESSION_KEYS: readonly SessionKeyName[] = [
  SessionKey.accessToken,
  SessionKey.refreshToken,
  SessionKey.userId,
  SessionKey.userEmail,
  SessionKey.userName,
  SessionKey.guideFace,
  SessionKey.guideImage,
  SessionKey.guideVideo,
  SessionKey.planDetails,
  SessionKey.tokenGeneration,
];

export function getSession(key: SessionKeyName): string | null {
  return sessionStorage.getItem(key);
}

export function setSession(key: SessionKeyName, value: string): void {
  sessionStorage.setItem(key, value);
}

export function hasAccessToken(): boolean {
  return Boolean(sessionStorage.getItem(SessionKey.accessToken));
}

/** Clears the session keys and then the whole of sessionStorage (spec §4: logout clears all). */
export function clearSession(): void {
  for (const key of SESSION_KEYS) sessionStorage.removeItem(key);
  sessionStorage.clear();
}
