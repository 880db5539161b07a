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
