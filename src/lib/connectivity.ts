// Whether this device can reach us: the browser's own offline flag, or a request of ours that just
// failed for lack of network (the browser can say "online" on a network that goes nowhere, or
// with our server down). The API client reports each request's outcome here; the offline notice
// (app/OfflineIndicator.tsx) follows it.

let unreachable = false;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Called by the API client: `false` when a request got no answer at all, `true` on any answer. */
export function reportReachable(reachable: boolean): void {
  if (unreachable !== reachable) return;
  unreachable = !reachable;
  changed();
}

export function isOffline(): boolean {
  return unreachable || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

function onOnline(): void {
  // The browser has a network again: give requests the benefit of the doubt until one fails.
  unreachable = false;
  changed();
}

/** useSyncExternalStore's subscribe: the browser's online/offline events and reported outcomes. */
export function subscribeConnectivity(listener: () => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', changed);
    }
  };
}
