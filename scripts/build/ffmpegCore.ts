// Serves ffmpeg.wasm's single-thread core from our own origin: copies @ffmpeg/core's ESM
// ffmpeg-core.js and ffmpeg-core.wasm (~31 MB) to FFMPEG_CORE_DIR in the build and serves them
// there in dev. Fails the build when the installed core is not the version the page asks for
// (the version is in the URL, which the service worker caches cache-first).
import { copyFileSync, createReadStream, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { FFMPEG_CORE_DIR, FFMPEG_CORE_FILES, FFMPEG_CORE_VERSION } from '../../contract/ffmpeg-core';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm' };

// Brotli at quality 6 takes ~2 s on the wasm (32.2 -> 8.5 MB); 11 would take minutes for 2% more.
const COMPRESSORS: Array<[string, (data: Buffer) => Buffer]> = [
  ['.br', (data) => brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } })],
  ['.gz', (data) => gzipSync(data, { level: 6 })],
];

function coreDir(): string {
  // The package's exports hide package.json: find it from the main file (dist/umd/ffmpeg-core.js).
  const root = dirname(dirname(dirname(createRequire(import.meta.url).resolve('@ffmpeg/core'))));
  const packageJson = join(root, 'package.json');
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  if (version !== FFMPEG_CORE_VERSION) {
    throw new Error(
      `@ffmpeg/core ${version} is installed but contract/ffmpeg-core.ts asks for ${FFMPEG_CORE_VERSION}: update one of them`,
    );
  }
  return join(root, 'dist', 'esm');
}

export function ffmpegCorePlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'persona-ffmpeg-core',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    configureServer(server) {
      const dir = coreDir();
      server.middlewares.use(FFMPEG_CORE_DIR, (req, res, next) => {
        const name = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!(FFMPEG_CORE_FILES as readonly string[]).includes(name)) return next();
        const file = join(dir, name);
        res.setHeader('content-type', TYPES[name.slice(name.lastIndexOf('.'))]!);
        res.setHeader('content-length', String(statSync(file).size));
        createReadStream(file).pipe(res);
      });
    },
    // Copied after the bundle is written (never through Rollup's memory), with .br and .gz
    // siblings the server sends as they are: 32 MB of wasm travels as 8.5 MB. The general
    // precompress step (brotli 11, minutes on this file) and the install precache both leave
    // FFMPEG_CORE_DIR alone (vite.config.ts); the compressed files are made once per core
    // version and kept in node_modules/.cache.
    writeBundle() {
      const dir = coreDir();
      const target = join(outDir, FFMPEG_CORE_DIR);
      const cache = join('node_modules', '.cache', 'persona-ffmpeg-core', FFMPEG_CORE_VERSION);
      mkdirSync(target, { recursive: true });
      mkdirSync(cache, { recursive: true });
      for (const name of FFMPEG_CORE_FILES) {
        const source = join(dir, name);
        copyFileSync(source, join(target, name));
        for (const [suffix, compress] of COMPRESSORS) {
          const cached = join(cache, name + suffix);
          if (!existsSync(cached)) {
            // Written under a temporary name first: an interrupted build leaves no half file.
            writeFileSync(`${cached}.tmp`, compress(readFileSync(source)));
            renameSync(`${cached}.tmp`, cached);
          }
          copyFileSync(cached, join(target, name + suffix));
        }
      }
    },
  };
}

/**
 * Emits the watermark bridge (src/workers/watermark.ts) as a chunk of its own, exports kept,
 * with its worker: until the studio screens import it nothing else would put it in
 * the build, and the browser tests reach it there (assets/watermark-<hash>.js). Nothing loads
 * it at start-up (startupChunks.ts keeps src/workers out of the stages).
 */
export function watermarkBridgeChunk(): Plugin {
  return {
    name: 'persona-watermark-bridge',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: 'src/workers/watermark.ts', name: 'watermark', preserveSignature: 'strict' });
    },
  };
}
