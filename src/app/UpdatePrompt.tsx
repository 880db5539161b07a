import { lazy, Suspense } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';

// The notice itself (Chakra's close button and friends) loads only when there is an update.
const UpdateNotice = lazy(() => import('./UpdateNotice'));

/**
 * Registers the service worker (production builds only; see main.tsx) and, when a new version
 * is waiting, offers to switch to it. Reload sends SKIP_WAITING; the page reloads once the new
 * worker takes control.
 */
export default function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error: unknown) {
      console.warn('Service worker registration failed', error);
    },
  });

  if (!needRefresh) return null;

  return (
    <Suspense fallback={null}>
      <UpdateNotice onReload={() => void updateServiceWorker(true)} onDismiss={() => setNeedRefresh(false)} />
    </Suspense>
  );
}
