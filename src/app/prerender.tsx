// The build's prerender entry (scripts/build/prerender.ts runs it in Node): renders each public
// page to HTML with its styles, which the browser then hydrates (src/main.tsx). Pages that depend
// on the visitor (signed in or not, country) render the visitor's view and update after hydration.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppShell } from './AppShell';
import { AppRoutes, preloadRoute } from './routes';
import { serverHead, APP_NAME } from './usePageTitle';

export { PRERENDERED_PATHS } from '../content/prerenderedPaths';


export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  /** The page's own meta description, when it has one (the app's stays otherwise). */
  description?: string;
  /** The page component's name, which is also its module's file name (for modulepreload links). */
  page: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  // As in the browser (src/main.tsx): the page's chunk is in before rendering.
  const page = (await preloadRoute(path))?.name ?? '';
  serverHead.title = APP_NAME;
  serverHead.description = undefined;
  const app = (
    // A fresh emotion cache, so each style rule is written once, before its first element.
    <CacheProvider value={createCache({ key: 'css' })}>
      <AppShell
        router={
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        }
      />
    </CacheProvider>
  );
  // Every boundary inline, however large: moving one into place needs an inline script, which
  // the CSP forbids.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await new Response(prelude as ReadableStream<Uint8Array>).text();
  return { html, title: serverHead.title, description: serverHead.description, page };
}
