// The tab and gender each studio screen is on, kept in the tab's session so that a reload
// reopens the screen as the user left it. A screen with a job still running opens on that job's
// slot instead: its progress shows at once, not the other tab's sample and an idle button.
import { useState } from 'react';
import { getSession, SessionKey, setSession } from '../lib/session';
import { StudioSessionKey } from '../lib/studioSessionKeys';
import type { Gender } from './galleryStore';
import { pendingJob } from './jobs';
import { useStudioStore, type Slot } from './studioStore';

export type ChoiceScreen = 'face' | 'image' | 'video' | 'gallery';

export interface ScreenChoice<M extends string> {
  mode: M;
  gender: Gender;
}

type Stored = Partial<Record<ChoiceScreen, { mode?: unknown; gender?: unknown }>>;

const GENDERS: readonly Gender[] = ['female', 'male'];

function readChoices(): Stored {
  try {
    const value = JSON.parse(getSession(StudioSessionKey.screenChoices) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function remember(screen: ChoiceScreen, choice: { mode: string; gender?: Gender }): void {
  setSession(StudioSessionKey.screenChoices, JSON.stringify({ ...readChoices(), [screen]: choice }));
}

/** What the session remembers of `screen`, each part kept only when it is still one of `modes`. */
function remembered<M extends string>(screen: ChoiceScreen, modes: readonly M[], fallback: ScreenChoice<M>): ScreenChoice<M> {
  const saved = readChoices()[screen];
  const mode = modes.find((m) => m === saved?.mode) ?? fallback.mode;
  const gender = GENDERS.find((g) => g === saved?.gender) ?? fallback.gender;
  return { mode, gender };
}

/** When the slot's job started, if one runs in this tab or was running when the page was last open. */
function runningSince(slot: Slot): number | null {
  const store = useStudioStore.getState();
  const running = store.userId === getSession(SessionKey.userId) ? store.running[slot] : undefined;
  return running?.since ?? pendingJob(slot)?.startedAt ?? null;
}

/**
 * The tab and gender a screen opens on: where the user left it, unless a job runs in another of
 * its slots; then that slot (the newest job's, when several run and none is where the user left).
 */
export function openingChoice<M extends string>(screen: ChoiceScreen, slots: Readonly<Record<M, Readonly<Record<Gender, Slot>>>>, fallback: ScreenChoice<M>): ScreenChoice<M> {
  const modes = Object.keys(slots) as M[];
  const left = remembered(screen, modes, fallback);
  if (runningSince(slots[left.mode][left.gender]) !== null) return left;
  let newest: (ScreenChoice<M> & { since: number }) | null = null;
  for (const mode of modes) {
    for (const gender of GENDERS) {
      const since = runningSince(slots[mode][gender]);
      if (since !== null && (!newest || since > newest.since)) newest = { mode, gender, since };
    }
  }
  return newest ? { mode: newest.mode, gender: newest.gender } : left;
}

/** A generation screen's tab (mode) and gender, opened by openingChoice and remembered as they change. */
export function useScreenChoice<M extends string>(screen: ChoiceScreen, slots: Readonly<Record<M, Readonly<Record<Gender, Slot>>>>, fallback: M) {
  const [choice, setChoice] = useState(() => openingChoice(screen, slots, { mode: fallback, gender: 'female' }));
  const choose = (change: Partial<ScreenChoice<M>>) => {
    const next = { ...choice, ...change };
    setChoice(next);
    remember(screen, next);
  };
  return {
    mode: choice.mode,
    gender: choice.gender,
    setMode: (mode: M) => choose({ mode }),
    setGender: (gender: Gender) => choose({ gender }),
  };
}

/** The gallery's tab, remembered like the generation screens'. */
export function useGalleryTab<T extends string>(tabs: readonly T[], fallback: T): [T, (tab: T) => void] {
  const [tab, setTab] = useState(() => remembered('gallery', tabs, { mode: fallback, gender: 'female' }).mode);
  return [
    tab,
    (next: T) => {
      setTab(next);
      remember('gallery', { mode: next });
    },
  ];
}
