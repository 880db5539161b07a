// The page's entry. Starting the app is a few hundred KB of script to evaluate and a theme to
// build; done in one go that was the page's longest task (60-90 ms in Chromium here, four times
// that on a mid-range phone). So the work goes in stages, each in a task of its own, and the
// browser can paint and answer input between them:
//   1. this chunk: React and ReactDOM;
//   2. the theme system's code (Chakra's styled-system and theme), then building the system;
//   3. the rest of the app (components, router, pages' shell), then hydration in slices.
// Stage 1: evaluated with this chunk (scripts/build/startupChunks.ts puts React in it).
import 'react-dom/client';
import { PRERENDERED_PATH_ATTR } from '../contract/prerender';
import { captureEarlyClicks } from './lib/earlyClicks';
import { captureInstallPrompt } from './lib/installPrompt';
import { nextTask } from './lib/nextTask';
// Chakra's global styles, computed at build time (scripts/build/chakraCss.ts).
import 'virtual:chakra-global.css';

// The browser may offer to install the app before React runs: keep its offer from the first task.
captureInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// Public pages arrive prerendered (scripts/build/prerender.ts): hydrate them. Any other document
// (the shell, or a prerendered page served for another path) is rendered from scratch.
const prerendered = container.getAttribute(PRERENDERED_PATH_ATTR) === window.location.pathname;
if (!prerendered) container.replaceChildren();
// From the first task on, a click on a block that hydrates late is kept and replayed (lib/earlyClicks.ts).
else captureEarlyClicks();

/** A function rather than top-level await: Rolldown turns its chunk merging off for a module graph with top-level await. */
async function boot(root: HTMLElement): Promise<void> {
  await nextTask();
  const { getSystem } = await import('./theme/system');
  await nextTask();
  getSystem();
  await nextTask();
  const { start } = await import('./app/start');
  await start(root, prerendered);
}

void boot(container);
