import { useSyncExternalStore } from 'react';
import { isOffline, subscribeConnectivity } from '../lib/connectivity';
import { OfflineNotice } from './OfflineNotice';

/**
 * Shows what still works while the device is offline or our server cannot be reached. The notice
 * comes with the page (a few hundred bytes), not on demand: on a first visit the service worker
 * does not control the page yet, and a chunk asked for once offline would never arrive.
 */
export function OfflineIndicator() {
  const offline = useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
  return offline ? <OfflineNotice /> : null;
}
