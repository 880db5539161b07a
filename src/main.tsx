import { lazy, startTransition, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { CacheProvider } from '@emotion/react';
import { AppShell } from './app/AppShell';
import { createPageEmotionCache } from './app/emotionCache';
import { PRERENDERED_PATH_ATTR } from './app/prerenderContract';
import { AppRoutes, preloadRoute } from './app/routes';
import { keepPersistedSessionInStep, restoreKeptSession } from './lib/sessionKeeping';
import { getSystem } from './theme/system';
// Chakra's global styles, computed at build time (scripts/build/chakraCss.ts).
import 'virtual:chakra-global.css';

// The service worker is registered by the update prompt, in production builds only.
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./app/UpdatePrompt')) : null;

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Public pages arrive prerendered (scripts/build/prerender.ts): hydrate them. Any other document
// (the shell, or a prerendered page served for another path) is rendered from scratch.
const prerendered = container.getAttribute(PRERENDERED_PATH_ATTR) === window.location.pathname;
if (!prerendered) container.replaceChildren();

/** Resolves in a new task, so the browser can paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Restores the session, loads the page's chunk, then hydrates or renders. A function rather than
 * top-level await: Rolldown turns its chunk merging off for a module graph with top-level await.
 */
async function start(root: HTMLElement): Promise<void> {
  // An installed app reopened later starts with an empty sessionStorage: restore the session kept
  // in IndexedDB before the first render, so the route guard sees it (ARCHITECTURE §5). Meanwhile
  // the page's own chunk loads, so it renders at once instead of behind a spinner.
  await Promise.all([restoreKeptSession(), preloadRoute(window.location.pathname)]);
  keepPersistedSessionInStep();
  // The theme system in a task of its own, apart from evaluating the scripts and from rendering.
  await nextTask();
  getSystem();
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
          UpdatePrompt ? (
            <Suspense fallback={null}>
              <UpdatePrompt />
            </Suspense>
          ) : null
        }
      />
    </CacheProvider>
  );

  // A transition lets React render in slices and yield to the browser between them, so starting
  // the page never blocks input for long.
  startTransition(() => {
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start(container);
