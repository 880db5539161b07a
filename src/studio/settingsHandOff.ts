// "Use these settings" (issue 45): the details panel hands an item's settings (GET /api/media/{id})
// to the screen that made it, which fills its form with them when it opens. Kept for the next
// opening of that screen only, in this tab (a module value: a reload drops it, as it drops a form).
import { useEffect } from 'react';

/** The screen each job kind is made on; kinds without a form to fill (upscale, …) have none. */
export const SETTINGS_SCREEN: Readonly<Record<string, string>> = { face: '/face', image: '/image', music: '/AIMusic' };

let waiting: { screen: string; settings: Readonly<Record<string, unknown>> } | null = null;

export function handOffSettings(screen: string, settings: Readonly<Record<string, unknown>>): void {
  waiting = { screen, settings };
}

/** Gives the settings waiting for `screen` to `take` once, when the screen opens. */
export function useHandedSettings(screen: string, take: (settings: Readonly<Record<string, unknown>>) => void): void {
  useEffect(() => {
    if (waiting?.screen !== screen) return;
    const { settings } = waiting;
    waiting = null;
    take(settings);
    // Looked for once per opening; `take` is the screen's own setter code.
  }, [screen]);
}

/** A setting as text ('' when absent or not text). */
export const textSetting = (settings: Readonly<Record<string, unknown>>, key: string): string => {
  const value = settings[key];
  return typeof value === 'string' ? value : '';
};
