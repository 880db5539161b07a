import { useEffect } from 'react';
import type { SwMessage } from '../../contract/sw-messages';

const asked = new Set<SwMessage['type']>();

/**
 * After the page has loaded, asks the service worker to fill one of its caches in the background
 * (it knows the list of files and retries while the server is still making them). Once per
 * message type and page load, and only in the built app (the dev server has no worker).
 */
export function useWarmInWorker(type: 'WARM_SITE_MEDIA' | 'WARM_TEMPLATE_THUMBS'): void {
  useEffect(() => {
    if (asked.has(type) || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    asked.add(type);
    const warm = async () => {
      const registration = await navigator.serviceWorker.ready;
      // Not while a new version waits: a worker woken in the moment it is asked to take over holds
      // the switch (see WorkerAwake in contract/sw-messages.ts); the new version warms up itself.
      if (registration.waiting) return;
      registration.active?.postMessage({ type } satisfies SwMessage);
    };
    const later = () => window.setTimeout(() => void warm().catch(() => undefined), 1500);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }, [type]);
}
