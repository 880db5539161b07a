// The default media storage: a folder (MEDIA_DIR) served at /media by the static files plugin.
import { createReadStream } from 'node:fs';
import { chmod, copyFile, rm, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { writeAtomically } from '../media/render.ts';
import { checkKey, keyUnderBase } from './keys.ts';
import type { MediaStorage, StoredObject } from './types.ts';

/** The file of a storage key, or null when the key would point outside the media folder. */
export function mediaPath(mediaDir: string, key: string): string | null {
  const file = resolve(mediaDir, key);
  const rel = relative(mediaDir, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? file : null;
}

function fileOf(mediaDir: string, key: string): string {
  const file = mediaPath(mediaDir, checkKey(key));
  if (!file) throw Object.assign(new Error(`not a storage key: ${JSON.stringify(key)}`), { code: 'EINVAL' });
  return file;
}

/** `baseUrl` is MEDIA_BASE_URL: '/media' or an absolute URL. */
export function localStorage(mediaDir: string, baseUrl: string): MediaStorage {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async put(key, file, mime): Promise<StoredObject> {
      const target = fileOf(mediaDir, key);
      // A copy takes its source's mode: users' media is made the server's alone (issue 40).
      await writeAtomically(target, async (tmp) => {
        await copyFile(file, tmp);
        await chmod(tmp, 0o600);
      });
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
      const key = keyUnderBase(url, base);
      return key && mediaPath(mediaDir, key) ? key : null;
    },
    async delete(key) {
      await rm(fileOf(mediaDir, key), { force: true });
    },
  };
}
