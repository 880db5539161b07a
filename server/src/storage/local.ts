// The default media storage: a folder (MEDIA_DIR) served at /media by the static files plugin.
import { createReadStream } from 'node:fs';
import { copyFile, rm, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { writeAtomically } from '../media/render.ts';
import type { MediaStorage, StoredObject } from './types.ts';

/** The file of a storage key, or null when the key would point outside the media folder. */
export function mediaPath(mediaDir: string, key: string): string | null {
  const file = resolve(mediaDir, key);
  const rel = relative(mediaDir, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? file : null;
}

/** Keys are relative paths of letters, digits, '-', '_' and '.' between single slashes. */
const KEY = /^[\w-]+(?:\.[\w-]+)*(?:\/[\w-]+(?:\.[\w-]+)*)*$/;

function fileOf(mediaDir: string, key: string): string {
  const file = KEY.test(key) ? mediaPath(mediaDir, key) : null;
  if (!file) throw Object.assign(new Error(`not a storage key: ${JSON.stringify(key)}`), { code: 'EINVAL' });
  return file;
}

/**
 * `baseUrl` is MEDIA_BASE_URL: '/media' or an absolute URL. Our URLs may come back with the
 * page's cache-busting query (`?t=…`) or made absolute by the browser: both map to the key.
 */
export function localStorage(mediaDir: string, baseUrl: string): MediaStorage {
  const base = baseUrl.replace(/\/+$/, '');
  const basePath = base.startsWith('/') ? base : new URL(base).pathname.replace(/\/+$/, '');
  return {
    async put(key, file, mime): Promise<StoredObject> {
      const target = fileOf(mediaDir, key);
      await writeAtomically(target, (tmp) => copyFile(file, tmp));
      return { key, bytes: (await stat(target)).size, mime };
    },
    async stream(key): Promise<Readable> {
      const file = fileOf(mediaDir, key);
      await stat(file); // ENOENT now rather than on the stream's first read
      return createReadStream(file);
    },
    async download(key, file) {
      await copyFile(fileOf(mediaDir, key), file);
    },
    url: (key) => `${base}/${key}`,
    keyOf(url) {
      let path: string;
      if (url.startsWith('/') && !url.startsWith('//')) {
        path = url.split(/[?#]/)[0] ?? '';
      } else {
        if (!URL.canParse(url)) return null;
        const parsed = new URL(url);
        // An absolute base must match in origin too; a relative base matches any origin's path
        // (the page may send back the URL the browser made absolute).
        if (!base.startsWith('/') && parsed.origin !== new URL(base).origin) return null;
        path = parsed.pathname;
      }
      let decoded: string;
      try {
        decoded = decodeURIComponent(path);
      } catch {
        return null;
      }
      if (!decoded.startsWith(`${basePath}/`)) return null;
      const key = decoded.slice(basePath.length + 1);
      return KEY.test(key) && mediaPath(mediaDir, key) ? key : null;
    },
    async delete(key) {
      await rm(fileOf(mediaDir, key), { force: true });
    },
  };
}
