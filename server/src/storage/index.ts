import type { Config } from '../config.ts';
import { localStorage } from './local.ts';
import type { MediaStorage } from './types.ts';

/** The storage the configuration chooses: the local media folder (S3 comes with scale-out). */
export function createStorage(config: Pick<Config, 'mediaDir' | 'mediaBaseUrl'>): MediaStorage {
  return localStorage(config.mediaDir, config.mediaBaseUrl);
}
