// What the build's prerender (scripts/build/prerender.ts) writes and the page (main.tsx), the
// server (static-files.ts) and the service worker (sw.ts) read.

/** On #root: the path the prerendered markup inside it is for. */
export const PRERENDERED_PATH_ATTR = 'data-prerendered';

/** On the one style element in <head>: the emotion class names whose rules it holds. */
export const PRERENDERED_CSS_ATTR = 'data-prerendered-css';

/** The empty app, sent for every route that has no prerendered page. */
export const SHELL_FILE = 'shell.html';

/** The file a prerendered path is written to, relative to the build folder (/a/b -> a/b.html). */
export function prerenderedFile(path: string): string {
  return path === '/' ? 'index.html' : `${path.replace(/^\//, '')}.html`;
}

/**
 * On a prerendered form the app takes over what was typed and sent in before it ran
 * (src/lib/earlySubmit.ts); its state goes in EARLY_SUBMIT_ATTR, out of React's hands:
 * 'held' by the boot script (a submit it stopped), then 'live' once the app handles the form.
 */
export const EARLY_FORM_ATTR = 'data-early-form';
export const EARLY_SUBMIT_ATTR = 'data-early-submit';
