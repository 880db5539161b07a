import { useEffect } from 'react';
import type { SwMessage } from '../../../../contract/sw-messages';
import { siteMediaStatus } from '../../../api/site';

const RETRY_MS = 10_000;
const MAX_TRIES = 30;
let started = false;

async function sendOnce(): Promise<void> {
  const [{ SITE_MEDIA_MANIFEST }, { siteMedia }] = await Promise.all([
    import('../../../content/siteMediaManifest'),
    import('../../../content/media'),
  ]);
  const urls = SITE_MEDIA_MANIFEST.filter((e) => e.kind === 'image').map((e) => siteMedia(e.path));
  const registration = await navigator.serviceWorker.ready;
  const message: SwMessage = { type: 'WARM_SITE_MEDIA', urls };
  registration.active?.postMessage(message);
}

/** Sends the list, then again every 10 s while the server is still generating site media. */
async function warm(tries = 0): Promise<void> {
  await sendOnce();
  const status = await siteMediaStatus().catch(() => null);
  if (status && !status.ready && tries < MAX_TRIES) window.setTimeout(() => void warm(tries + 1).catch(() => undefined), RETRY_MS);
}

/**
 * After the page has loaded, asks the service worker to cache every site image, so all public
 * pages show their images offline after the first visit. Runs once per page load.
 */
export function useWarmSiteMedia(): void {
  useEffect(() => {
    if (started || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
    started = true;
    const later = () => window.setTimeout(() => void warm().catch(() => undefined), 1500);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }, []);
}
