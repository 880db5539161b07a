// Media storage: where generated media and copies of fetched media live. The local folder
// (MEDIA_DIR, served at /media) is the default; with S3_ENDPOINT users' media lives in a bucket
// (s3.ts). Keys are paths below the storage root ('gen/3f….png'); callers never build file paths.
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  bytes: number;
  mime: string;
}

export interface MediaStorage {
  /** Copies a local file in under `key` (atomically: readers never see half an object). */
  put(key: string, file: string, mime: string): Promise<StoredObject>;
  /** The object's bytes; rejects with code 'ENOENT' when absent. */
  stream(key: string): Promise<Readable>;
  /** Copies the object to a local file (engines read files). */
  download(key: string, file: string): Promise<void>;
  /** The URL the page loads (MEDIA_BASE_URL + key, or S3_PUBLIC_URL + key); stable, never signed. */
  url(key: string): string;
  /** The key of one of our public URLs (absolute or relative), or null for anything else. */
  keyOf(url: string): string | null;
  /** Removes the object; absent is not an error. */
  delete(key: string): Promise<void>;
}
