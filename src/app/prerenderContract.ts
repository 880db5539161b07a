// What the build's prerender (scripts/build/prerender.ts) writes and the page (main.tsx) reads.

/** On #root: the path the prerendered markup inside it is for. */
export const PRERENDERED_PATH_ATTR = 'data-prerendered';

/** On the one style element in <head>: the emotion class names whose rules it holds. */
export const PRERENDERED_CSS_ATTR = 'data-prerendered-css';
