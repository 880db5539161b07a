import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/AppProviders';
import { router } from './app/router';
import { keepPersistedSessionInStep, restorePersistedSession } from './lib/persistedSession';

// The service worker is registered by the update prompt, in production builds only.
const UpdatePrompt = import.meta.env.PROD ? lazy(() => import('./app/UpdatePrompt')) : null;

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// An installed app reopened later starts with an empty sessionStorage: restore the session kept
// in IndexedDB before the first render, so the route guard sees it (ARCHITECTURE §5).
await restorePersistedSession();
keepPersistedSessionInStep();

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
      {UpdatePrompt ? (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      ) : null}
    </AppProviders>
  </StrictMode>,
);
