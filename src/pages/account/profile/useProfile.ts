// Loads the profile and saves changes to it (spec document 1 §4, §7).
import { useCallback, useEffect, useRef, useState } from 'react';
import { profileApi, type ProfileResponse } from '../../../api/profile';
import { getSession, SessionKey } from '../../../lib/session';
import { useSessionStore } from '../../../stores/sessionStore';
import { PROFILE_MESSAGE_MS, PROFILE_MESSAGES } from './messages';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; data: ProfileResponse };

export function useProfile() {
  const userId = getSession(SessionKey.userId) ?? '';
  const setUserName = useSessionStore((s) => s.setUserName);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [savingComms, setSavingComms] = useState(false);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const reload = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      const res = await profileApi.get(userId);
      if (!res.data?.profile) throw new Error('no profile');
      setLoad({ state: 'ready', data: res.data });
    } catch {
      setLoad({ state: 'error' });
    }
  }, [userId]);

  useEffect(() => {
    void reload();
    return () => clearTimeout(noticeTimer.current);
  }, [reload]);

  const patch = (changes: Partial<ProfileResponse['profile']>) =>
    setLoad((prev) =>
      prev.state === 'ready' ? { state: 'ready', data: { ...prev.data, profile: { ...prev.data.profile, ...changes } } } : prev,
    );

  const saveName = async (name: string): Promise<boolean> => {
    setError(null);
    try {
      await profileApi.update(userId, { name });
    } catch {
      setError(PROFILE_MESSAGES.updateFailed);
      return false;
    }
    patch({ name });
    await setUserName(name);
    setNotice(PROFILE_MESSAGES.updated);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setNotice(null), PROFILE_MESSAGE_MS);
    return true;
  };

  /** Saved at once; on failure the switch goes back and the error shows. */
  const saveComms = async (receiveComms: boolean) => {
    setError(null);
    patch({ receive_comms: receiveComms });
    setSavingComms(true);
    try {
      await profileApi.update(userId, { receive_comms: receiveComms });
    } catch {
      patch({ receive_comms: !receiveComms });
      setError(PROFILE_MESSAGES.updateFailed);
    } finally {
      setSavingComms(false);
    }
  };

  return { userId, load, reload, error, setError, notice, saveName, saveComms, savingComms };
}
