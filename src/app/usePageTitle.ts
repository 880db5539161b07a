import { useEffect } from 'react';

export const APP_NAME = 'Persona Studio';

/** Sets document.title to '{title} | Persona Studio' (or the app name alone). */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
