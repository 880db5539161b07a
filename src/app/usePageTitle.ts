import { useEffect } from 'react';

export const APP_NAME = 'Persona Studio';

/** What a server render (the build's prerender) learnt for the document's <head>. */
export const serverHead: { title: string; description?: string } = { title: APP_NAME };

/** Sets document.title to '{title} | Persona Studio' (or the app name alone). */
export function usePageTitle(title?: string): void {
  const full = title ? `${title} | ${APP_NAME}` : APP_NAME;
  // Effects never run on the server: the prerender reads the title from here instead.
  if (import.meta.env.SSR) serverHead.title = full;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
