import { useEffect } from 'react';
import { serverHead } from './usePageTitle';

/**
 * Gives a page its own meta description: written into its prerendered <head> by the build, and
 * set in the browser while the page shows, the app's own (kept on data-default) put back after.
 */
export function usePageDescription(description: string): void {
  // Effects never run on the server: the prerender reads the description from here instead.
  if (import.meta.env.SSR) serverHead.description = description;
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) return;
    const app = meta.dataset.default ?? meta.content;
    meta.content = description;
    return () => {
      meta.content = app;
    };
  }, [description]);
}
