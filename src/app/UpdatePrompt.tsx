import { lazy, Suspense, useEffect, useState } from 'react';
import { Workbox } from 'workbox-window';

// The notice itself (Chakra's close button and friends) loads only when there is an update.
const UpdateNotice = lazy(() => import('./UpdateNotice'));

/** How often an open window asks the server for a new service worker (an installed app can stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Reload was clicked: switch to the waiting worker and reload once it controls the page. Only
 * the tab whose user clicked reloads; other open tabs keep the notice, so nothing reloads by
 * itself in the middle of a job. When another tab already switched, nothing is waiting: reload
 * at once.
 */
async function reloadIntoNewVersion(wb: Workbox): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  wb.messageSkipWaiting();
}

/**
 * Registers the service worker (production builds only; see start.tsx) with workbox-window and,
 * when a new version is waiting (this page's update or one another tab found), offers to switch
 * to it with Reload. vite-plugin-pwa's own register helper is not used: it reloaded every tab
 * that showed the notice as soon as any one switched, and none when the page was not controlled
 * at its start (a first visit).
 */
export default function UpdatePrompt() {
  const [wb] = useState(() => new Workbox('/sw.js', { scope: '/' }));
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    const onWaiting = () => setWaiting(true);
    wb.addEventListener('waiting', onWaiting);
    let timer: ReturnType<typeof setInterval> | undefined;
    wb.register()
      .then(() => (timer = setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS)))
      .catch((error: unknown) => console.warn('Service worker registration failed', error));
    return () => {
      wb.removeEventListener('waiting', onWaiting);
      clearInterval(timer);
    };
  }, [wb]);

  if (!waiting) return null;

  return (
    <Suspense fallback={null}>
      <UpdateNotice onReload={() => void reloadIntoNewVersion(wb)} onDismiss={() => setWaiting(false)} />
    </Suspense>
  );
}
