// The browser's offer to install the app (its beforeinstallprompt event), kept from the entry's
// first task on, since the browser may fire it before React runs, so that an Install app button
// (the home hero, the studio sidebar) can show the browser's prompt later. No offer is kept once
// the app is installed, or when it already runs installed. In the entry's chunk: a few hundred
// bytes, where a module of its own would cost public pages a request.
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const INSTALLED = '(display-mode: standalone), (display-mode: window-controls-overlay)';

let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Starts keeping the browser's offer (once, from the entry). */
export function captureInstallPrompt(): void {
  if (window.matchMedia(INSTALLED).matches) return;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keeps the browser's own install bar away: our button offers the prompt.
    event.preventDefault();
    offer = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers to install the app now (never in prerendered HTML). */
export function useInstallOffer(): boolean {
  return useSyncExternalStore(subscribe, () => offer !== null, () => false);
}

/** Shows the browser's install prompt; the offer is spent once the visitor has chosen. */
export async function promptInstall(): Promise<void> {
  const shown = offer;
  if (!shown) return;
  offer = null; // an offer prompts only once: a second click meanwhile does nothing
  try {
    await shown.prompt();
    await shown.userChoice;
  } finally {
    changed();
  }
}
