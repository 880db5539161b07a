import { useEffect } from 'react';
import type { SwMessage } from '../../../../contract/sw-messages';

let started = false;

/**
 * After the page has loaded, asks the service worker to cache every site image, so all public
 * pages show their images offline after the first visit (the worker knows the list and retries
 * while the server is still making them). Once per page load.
 */
export function useWarmSiteMedia(): void {
  useEffect(() => {
    if (started || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    started = true;
    const warm = async () => {
      const registration = await navigator.serviceWorker.ready;
      const message: SwMessage = { type: 'WARM_SITE_MEDIA' };
      registration.active?.postMessage(message);
    };
    const later = () => window.setTimeout(() => void warm().catch(() => undefined), 1500);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }, []);
}
