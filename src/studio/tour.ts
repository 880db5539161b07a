// The 'How to use' tours (spec §2, §4): driver.js positions the steps; this module decides when a
// tour opens (automatically the first time its flag is 'false') and records that it was seen
// (the flag set to 'true', POST /tour-complete/). The library loads with the first tour only.
import { useCallback, useEffect } from 'react';
import { getSession, SessionKey, setSession } from '../lib/session';
import { completeTour } from './jobs';

/** The spec's tours (face, image, video: each with an account flag) and the talking screen's (issue 32), which opens only from 'How to use'. */
export type TourSection = 'face' | 'image' | 'video' | 'talk';

export interface TourStep {
  /** A CSS selector of the element the step points at. */
  element: string;
  title: string;
  description: string;
}

const FLAGS = { face: SessionKey.guideFace, image: SessionKey.guideImage, video: SessionKey.guideVideo } as const;
const hasFlag = (section: TourSection): section is keyof typeof FLAGS => Object.hasOwn(FLAGS, section);

function markSeen(section: TourSection): void {
  if (!hasFlag(section) || getSession(FLAGS[section]) === 'true') return;
  setSession(FLAGS[section], 'true');
  void import('../lib/persistedSession').then((m) => m.persistSessionValues({ [FLAGS[section]]: 'true' }));
  void completeTour(section);
}

let active: { destroy: () => void } | null = null;
let starting = false;

/** Runs a tour (one at a time); it counts as seen when it ends, finished or closed. */
export async function startTour(section: TourSection, steps: readonly TourStep[]): Promise<void> {
  if (active || starting) return;
  starting = true;
  try {
    await runTour(section, steps);
  } finally {
    starting = false;
  }
}

async function runTour(section: TourSection, steps: readonly TourStep[]): Promise<void> {
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css'), import('./tour.css')]);
  const present = steps.filter((s) => document.querySelector(s.element));
  if (present.length === 0) return;
  const tour = driver({
    // No fading: a step is readable (full contrast) the moment it shows, and nothing moves for
    // people who asked for less motion.
    animate: false,
    showProgress: true,
    progressText: '{{current}} of {{total}}',
    stagePadding: 10,
    stageRadius: 12,
    popoverClass: 'persona-tour',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Finish Tour',
    steps: present.map((s) => ({ element: s.element, popover: { title: s.title, description: s.description } })),
    // Every way out (Finish Tour, close, Escape, the overlay) passes here; driver.js's
    // onDestroyed is skipped when a step is still moving in.
    onDestroyStarted: () => {
      active = null;
      markSeen(section);
      tour.destroy();
    },
  });
  active = tour;
  tour.drive();
}

/**
 * The screen's tour: opens by itself once the page has settled when the section's flag is 'false'
 * (a section without a flag never opens by itself), and returns a function for the 'How to use' button.
 */
export function useTour(section: TourSection, steps: readonly TourStep[], ready = true): () => void {
  const start = useCallback(() => void startTour(section, steps), [section, steps]);
  useEffect(() => {
    if (!ready || !hasFlag(section) || getSession(FLAGS[section]) !== 'false') return;
    const timer = setTimeout(start, 700);
    return () => clearTimeout(timer);
  }, [ready, section, start]);
  // Leaving the screen ends its tour (not counted as seen: it shows again next time).
  useEffect(
    () => () => {
      const open = active;
      active = null;
      open?.destroy();
    },
    [],
  );
  return start;
}
