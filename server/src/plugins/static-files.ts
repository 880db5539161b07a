import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { prerenderedFile, SHELL_FILE } from '../../../contract/prerender.ts';
import type { Config } from '../config/index.ts';
import { LOCAL_MEDIA_PREFIXES } from '../storage/index.ts';
import { globalPlugin } from './global-plugin.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Files whose name never changes between builds: always revalidate. */
const REVALIDATE = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'registerSW.js']);
/** Paths that name a file: a miss is a 404, never the page (a stale hashed asset must not get HTML). */
const FILE_LIKE = /^\/assets\/|\.(m?js|css|map|wasm|png|jpe?g|webp|gif|svg|ico|json|webmanifest|mp4|webm|mp3|wav|woff2?|ttf|txt|xml)$/i;

/**
 * Headers that mean something only on a document or a worker's script (helmet sends them on every
 * response). The page's hashed scripts and stylesheets go without them: over HTTP/1.1 they were
 * ~0.9 KB of a page's every script (a public page loads 25-30), more than the smaller files
 * themselves. X-Content-Type-Options and Cross-Origin-Resource-Policy, which do apply to them, stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-dns-prefetch-control',
];
/** Hashed scripts and stylesheets, short of workers' scripts (a worker takes its CSP from its own). */
const PLAIN_SUBRESOURCE = /^\/assets\/(?![^/]*worker)[^/]+\.(?:m?js|css)$/i;

/** Paths that may name a prerendered page: letters, digits, '-', '_' between single slashes. */
const PAGE_PATH = /^(\/[\w-]+)+$/;

export const NOT_BUILT_MESSAGE = 'The page is not built: run npm run build';

/** /media/* from MEDIA_DIR (with Range), the built page from PUBLIC_DIR, and the SPA fallback. */
export const staticFilesPlugin = globalPlugin<{ config: Config }>(async (app, { config }) => {
  // With S3 only the libraries made at start are files here; the storage plugin serves the rest.
  for (const folder of config.s3 ? LOCAL_MEDIA_PREFIXES : ['']) {
    await app.register(fastifyStatic, mediaFolderOptions(join(config.mediaDir, folder), `/media/${folder}`));
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (PLAIN_SUBRESOURCE.test(request.url.split('?')[0] ?? '') && reply.statusCode < 400) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: config.publicDir,
    prefix: '/',
    index: ['index.html'],
    // The build writes .br/.gz beside text assets (vite.config.ts precompress).
    preCompressed: true,
    list: false,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    // With preCompressed the path is the .br/.gz sibling: judge by the original name.
    setHeaders: (reply, path) =>
      setPageHeaders(reply, relative(config.publicDir, path).split(sep).join('/').replace(/\.(br|gz)$/, '')),
  });

  const indexFile = join(config.publicDir, 'index.html');
  // The build prerenders public pages (pricing.html, blogsDetails/x.html; scripts/build/prerender.ts)
  // and writes the empty app shell as shell.html; a build without them serves index.html for all.
  let shellFile: string | undefined;
  const prerendered = new Map<string, boolean>();
  const prerenderedPage = (path: string): string | null => {
    if (!PAGE_PATH.test(path)) return null;
    const file = prerenderedFile(path);
    if (!prerendered.has(file)) prerendered.set(file, existsSync(join(config.publicDir, file)));
    return prerendered.get(file) ? file : null;
  };
  let pageBuilt = false;
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isGet = request.method === 'GET' || request.method === 'HEAD';
    if (!isGet || isUnder(path, '/api') || isUnder(path, '/media') || FILE_LIKE.test(path)) {
      return reply.code(404).send({ error: 'Not found' });
    }
    pageBuilt ||= existsSync(indexFile);
    if (!pageBuilt) {
      return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    }
    shellFile ??= existsSync(join(config.publicDir, SHELL_FILE)) ? SHELL_FILE : 'index.html';
    // A prerendered public page, else the shell: client-side routes (/face, ...) route themselves.
    return reply.code(200).sendFile(prerenderedPage(path) ?? shellFile, config.publicDir);
  });
});

function mediaFolderOptions(root: string, prefix: string): FastifyStaticOptions {
  return {
    root,
    prefix,
    decorateReply: false,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    cacheControl: false,
    suppressWarning: true,
    // A folder is a 404 like a missing file (not a 403 that confirms it exists).
    allowedPath: (path) => !path.endsWith('/'),
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
  };
}

function setPageHeaders(reply: FastifyReply, file: string): void {
  // assets/ names carry a content hash; ffmpeg/<version>/ (the watermark's video core) a version.
  if (file.startsWith('assets/') || file.startsWith('ffmpeg/')) reply.header('cache-control', IMMUTABLE);
  else if (REVALIDATE.has(file) || file.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600');
}

function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}
