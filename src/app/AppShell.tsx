import { StrictMode, useEffect, useState, type ReactNode } from 'react';
import { AppProviders } from './AppProviders';

/**
 * Renders its children only after the first commit: never on the server, never while hydrating.
 * Also marks <html data-app-ready> then: the page is live (browser tests wait for it).
 */
function AfterMount({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    setMounted(true);
  }, []);
  return mounted ? children : null;
}

interface AppShellProps {
  /** The routes in a BrowserRouter in the browser, in a StaticRouter when prerendering. */
  router: ReactNode;
  /** Browser-only extras (the service-worker update prompt), mounted after hydration. */
  clientOnly?: ReactNode;
}

/**
 * The one tree both the browser and the build's prerender render (src/app/prerender.tsx), so
 * hydration meets the same elements and the same useId values the server wrote.
 */
export function AppShell({ router, clientOnly }: AppShellProps) {
  return (
    <StrictMode>
      <AppProviders>
        {router}
        <AfterMount>{clientOnly}</AfterMount>
      </AppProviders>
    </StrictMode>
  );
}
