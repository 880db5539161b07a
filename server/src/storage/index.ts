import type { Config } from '../config/index.ts';
import { localStorage } from './local.ts';
import type { S3Storage } from './s3.ts';
import type { MediaStorage } from './types.ts';

/**
 * Libraries each process makes for itself at start, deterministically (templates, site media):
 * they stay in MEDIA_DIR, served by the API process, whatever the storage of users' media.
 */
export const LOCAL_MEDIA_PREFIXES = ['templates/', 'site/'] as const;

const isLocalKey = (key: string) => LOCAL_MEDIA_PREFIXES.some((prefix) => key.startsWith(prefix));

export interface StorageChoice {
  /** app.storage: every key, each routed to where it lives. */
  storage: MediaStorage;
  /** The bucket, when S3_ENDPOINT is set. */
  bucket: S3Storage | null;
}

/** The local media folder, or with S3_ENDPOINT the bucket for users' media beside it. */
export async function chooseStorage(config: Pick<Config, 'mediaDir' | 'mediaBaseUrl' | 's3'>): Promise<StorageChoice> {
  const local = localStorage(config.mediaDir, config.mediaBaseUrl);
  if (!config.s3) return { storage: local, bucket: null };
  // The AWS SDK is loaded only when it is used (about 0.4 s of every start otherwise).
  const { s3Storage } = await import('./s3.ts');
  const bucket = s3Storage(config.s3, config.mediaBaseUrl);
  const pick = (key: string): MediaStorage => (isLocalKey(key) ? local : bucket);
  const storage: MediaStorage = {
    put: (key, file, mime) => pick(key).put(key, file, mime),
    stream: (key) => pick(key).stream(key),
    download: (key, file) => pick(key).download(key, file),
    url: (key) => pick(key).url(key),
    // The bucket's keyOf knows MEDIA_BASE_URL too, where the local libraries are served.
    keyOf: (url) => bucket.keyOf(url),
    delete: (key) => pick(key).delete(key),
  };
  return { storage, bucket };
}

/** The chosen storage once its bucket (if any) answered: for processes without the app (the worker). */
export async function openStorage(config: Pick<Config, 'mediaDir' | 'mediaBaseUrl' | 's3'>): Promise<MediaStorage> {
  const { storage, bucket } = await chooseStorage(config);
  await bucket?.checkBucket();
  return storage;
}
