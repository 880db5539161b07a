import { createHash } from 'node:crypto';
import type { SiteMediaEntry } from '../../../contract/site-media.ts';

/** Bump when the art or encoding changes, so existing libraries and caches are redone. */
export const SITE_MEDIA_GENERATOR_REVISION = 2;

/**
 * What `<site>/.version` holds: the manifest version, then a short hash of the manifest and the
 * generator revision, e.g. `1+3fa2c4d9e0b1`. A folder whose stamp differs is regenerated.
 */
export function libraryStamp(manifest: readonly SiteMediaEntry[], version: number): string {
  const hash = createHash('sha256')
    .update(JSON.stringify({ revision: SITE_MEDIA_GENERATOR_REVISION, manifest }))
    .digest('hex')
    .slice(0, 12);
  return `${version}+${hash}`;
}
