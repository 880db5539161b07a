// The app's start once its libraries are in (see main.tsx): restores the session, loads the
// page's chunk, then hydrates a prerendered page or renders from scratch.
import { lazy, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reactStartsListening } from '../lib/earlyClicks';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { nextTask } from '../lib/nextTask';
import { keepPersistedSessionInStep, restoreKeptSession } from '../lib/sessionKeeping';
import { AppShell } from './AppShell';
import { OfflineIndicator } from './OfflineIndicator';
import { createPageEmotionCache } from './emotionCache';
import { AppRoutes, preloadRoute } from './routes';

// The service worker is registered by the update prompt, in production builds only.
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./UpdatePrompt')) : null;

/**
 * `prerendered`: the root holds this path's prerendered page, to hydrate; otherwise it is
 * rendered from scratch.
 */
export async function start(root: HTMLElement, prerendered: boolean): Promise<void> {
  // An installed app reopened later starts with an empty sessionStorage: restore the session kept
  // in IndexedDB before the first render, so the route guard sees it (ARCHITECTURE §5). Meanwhile
  // the page's own chunk loads, so it renders at once instead of behind a spinner.
  await Promise.all([restoreKeptSession(), preloadRoute(window.location.pathname)]);
  keepPersistedSessionInStep();
  await nextTask();

  const app = (
    <CacheProvider value={createPageEmotionCache()}>
      <AppShell
        router={
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        }
        clientOnly={
          <>
            <OfflineIndicator />
            {UpdatePrompt ? (
              <Suspense fallback={null}>
                <UpdatePrompt />
              </Suspense>
            ) : null}
          </>
        }
      />
    </CacheProvider>
  );

  // A transition lets React render in slices and yield to the browser between them, so starting
  // the page never blocks input for long.
  startTransition(() => {
    if (prerendered) {
      reactStartsListening();
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  });
}
