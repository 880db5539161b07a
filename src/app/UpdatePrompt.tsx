import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

// The notice itself (Chakra's close button and friends) loads only when there is an update.
const UpdateNotice = lazy(() => import('./UpdateNotice'));

/** How often an open window asks the server for a new service worker (an installed app can stay open for days). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Reload was clicked: switch to the waiting worker and reload once it controls the page. Only
 * the tab whose user clicked reloads; other open tabs keep the notice (nothing reloads by
 * itself in the middle of a job). When another tab already switched, there is nothing waiting:
 * reload at once.
 */
async function reloadIntoNewVersion(skipWaiting: () => Promise<void>): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration?.waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  await skipWaiting();
}

/**
 * Registers the service worker (production builds only; see main.tsx) and, when a new version
 * is waiting, offers to switch to it with Reload.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // vite-plugin-pwa would reload every tab that showed the notice as soon as any one of them
    // switched, and none at all when the page was not controlled at start (a first visit):
    // reloading is reloadIntoNewVersion's alone.
    onNeedReload() {},
    onRegisteredSW(_url: string, registration: ServiceWorkerRegistration | undefined) {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;

  return (
    <Suspense fallback={null}>
      <UpdateNotice
        onReload={() => void reloadIntoNewVersion(() => updateServiceWorker(true))}
        onDismiss={() => setNeedRefresh(false)}
      />
    </Suspense>
  );
}
