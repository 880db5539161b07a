import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { ffmpegCorePlugin, watermarkBridgeChunk } from './scripts/build/ffmpegCore';
import { chakraDropUnusedPalettes, chakraGlobalCssPlugin, chakraSkipRuntimeGlobalCss } from './scripts/build/chakraCss';
import { afterBuild } from './scripts/build/afterBuild';
import { precacheReport, PRECACHE_GLOBS } from './scripts/build/precacheBudget';
import { prerenderPlugin } from './scripts/build/prerender';
import { startupChunksCheck, startupGroups, startupInput } from './scripts/build/startupChunks';
import { FFMPEG_ROOT } from './contract/ffmpeg-core';

// The top-level manifest is the single source of truth; emit it unchanged at /manifest.webmanifest.
function copyManifest(): Plugin {
  return {
    name: 'persona-copy-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'),
      });
    },
  };
}

// Writes .br and .gz beside each text asset; the server sends them as they are (preCompressed).
// ffmpeg's core is left out: brotli at level 11 over its ~31 MB would dominate the build.
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|webmanifest|json|txt)$/;
  const skipped = new Set([FFMPEG_ROOT.replaceAll('/', '')]);
  const walk = (dir: string, top = true): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (top && skipped.has(name)) return [];
      return statSync(path).isDirectory() ? walk(path, false) : [path];
    });
  return afterBuild('persona-precompress', (outDir) => {
    for (const file of walk(outDir)) {
      if (!compressible.test(file)) continue;
      const source = readFileSync(file);
      if (source.length < 1024) continue;
      writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  });
}

export default defineConfig({
  plugins: [
    react(),
    chakraGlobalCssPlugin(),
    chakraSkipRuntimeGlobalCss(),
    chakraDropUnusedPalettes(),
    startupChunksCheck(),
    copyManifest(),
    ffmpegCorePlugin(),
    watermarkBridgeChunk(),
    prerenderPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: PRECACHE_GLOBS,
      devOptions: { enabled: false },
    }),
    precompress(),
    precacheReport(),
  ],
  // The watermark worker is an ES module worker: it imports its engines and ffmpeg.wasm's ESM
  // core (from our origin, not bundled) on its first video job.
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // Chakra's theme module builds its full default config with defineConfig (an identity
      // function); marking it pure lets the recipes the app does not register drop out.
      treeshake: { manualPureFunctions: ['defineConfig', 'createAnatomy'] },
      // One chunk per start-up stage of src/main.tsx (scripts/build/startupChunks.ts).
      input: startupInput('index.html'),
      // The studio (its screens and their shared code) is one chunk, 14 KB gzip: split per
      // screen, the dozens of small shared modules were each a file named in the preload
      // lists of the app chunk every public page downloads.
      output: {
        codeSplitting: {
          groups: [
            ...startupGroups(),
            { name: 'studio', priority: 0, includeDependenciesRecursively: false, test: /[\\/]src[\\/](studio|pages[\\/]studio)[\\/]/ },
          ],
        },
      },
    },
  },
});
