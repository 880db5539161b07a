import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_MEDIA_MANIFEST, SITE_MEDIA_MANIFEST_VERSION, type SiteMediaEntry } from '../../../contract/site-media.ts';
import { libraryStamp } from './siteMediaStamp.ts';

export interface SiteMediaProgress {
  ready: boolean;
  version: number;
  made: number;
  total: number;
}

/** Progress of generators running in this process, by site folder (the API reads it). */
const running = new Map<string, { done: number; total: number }>();

export function reportProgress(siteDir: string, done: number, total: number): void {
  running.set(siteDir, { done, total });
}

export function clearProgress(siteDir: string): void {
  running.delete(siteDir);
}

export const STAMP_FILE = '.version';

export function readStamp(siteDir: string): string | null {
  try {
    return readFileSync(join(siteDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

/** Ready when the folder's stamp matches this build's library; otherwise how far a running generator got. */
export function siteMediaStatus(
  mediaDir: string,
  manifest: readonly SiteMediaEntry[] = SITE_MEDIA_MANIFEST,
  version: number = SITE_MEDIA_MANIFEST_VERSION,
): SiteMediaProgress {
  const siteDir = join(mediaDir, 'site');
  const total = manifest.length;
  const progress = running.get(siteDir);
  if (!progress && readStamp(siteDir) === libraryStamp(manifest, version)) return { ready: true, version, made: total, total };
  return { ready: false, version, made: progress ? Math.min(progress.done, total) : 0, total };
}
