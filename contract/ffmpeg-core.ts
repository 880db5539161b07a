// Where the page finds ffmpeg.wasm's single-thread core: our own origin, never a CDN (the
// library's default). The build copies @ffmpeg/core's ESM files here (scripts/build/ffmpegCore.ts,
// which fails when the installed version differs); the version in the path lets the service
// worker's cache-first route keep them without ever serving an old core to a new page.
export const FFMPEG_CORE_VERSION = '0.12.10';
/** Every core version lives under here (the service worker's route). */
export const FFMPEG_ROOT = '/ffmpeg/';
export const FFMPEG_CORE_DIR = `${FFMPEG_ROOT}${FFMPEG_CORE_VERSION}/`;
export const FFMPEG_CORE_FILES = ['ffmpeg-core.js', 'ffmpeg-core.wasm'] as const;
/** The service worker's cache for the core (kept out of the install precache: ~31 MB). */
export const FFMPEG_CACHE = 'ffmpeg-core';
