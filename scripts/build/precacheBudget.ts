// What the service worker precaches at install (the app shell, every public page's code, styles,
// icons and images), and the budget it is kept to: the build prints the figure and fails past it.
// Big files (videos, ffmpeg's ~31 MB core) are cached at runtime on first use instead.
import { getManifest } from 'workbox-build';
import type { Plugin } from 'vite';
import { afterBuild } from './afterBuild';
import { TEMPLATE_THUMBS_MAX_BYTES } from '../../contract/sw-messages';
import { TEMPLATE_MANIFEST } from '../../contract/templates';

// 3 MiB until issue 44: the characters' screens (two page chunks, the form and the studio's
// character bar, ~39 KiB) must be precached to open offline; the precache was at 3049 KiB before.
export const PRECACHE_BUDGET_BYTES = 3136 * 1024;

/** The precache's files, as vite-plugin-pwa's injectManifest and the report below both read them. */
export const PRECACHE_GLOBS = {
  globPatterns: ['**/*.{js,css,html,svg,png,webp,ico,woff2,webmanifest}'],
  // ffmpeg's core is fetched on the first video download and kept by a runtime route (sw/sw.ts);
  // the manifest's screenshots are for the browser's install dialog, not for offline use.
  globIgnores: ['ffmpeg/**', 'screenshots/**'],
  maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
};

/** Prints the precache's size after the build and fails the build when it is over the budget. */
export const precacheReport = (): Plugin =>
  afterBuild('persona-precache-report', async (outDir) => {
    const { count, size } = await getManifest({ globDirectory: outDir, ...PRECACHE_GLOBS });
    const line = `precache: ${count} files, ${(size / 1024).toFixed(1)} KiB of a ${(PRECACHE_BUDGET_BYTES / 1024).toFixed(0)} KiB budget`;
    if (size > PRECACHE_BUDGET_BYTES) throw new Error(`${line}: over budget`);
    console.warn(line);
    // Made by the server, not the build: the worker caches them when the studio first opens.
    console.warn(`template thumbnails: ${TEMPLATE_MANIFEST.length} files cached by the worker in the studio, within a ${(TEMPLATE_THUMBS_MAX_BYTES / 1024).toFixed(0)} KiB budget`);
  });
