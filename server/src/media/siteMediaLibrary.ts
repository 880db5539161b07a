// Makes the site media library (SITE_MEDIA_MANIFEST) under <media>/site on start: only what is
// missing, everything when the stamp in <site>/.version is stale. With SITE_MEDIA_CACHE set, files
// are copied from <cache>/<stamp>/ when it holds them, and every rendered file is added there.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { SITE_MEDIA_MANIFEST, SITE_MEDIA_MANIFEST_VERSION, type SiteMediaEntry, type SiteMediaVideo } from '../../../contract/site-media.ts';
import { exists, makeFile, pool } from './libraryFiles.ts';
import { renderImage, renderPoster, renderVideo } from './render.ts';
import { libraryStamp } from './siteMediaStamp.ts';
import { clearProgress, readStamp, reportProgress, STAMP_FILE } from './siteMediaStatus.ts';

export interface SiteMediaOptions {
  mediaDir: string;
  /** The ffmpeg binary the clips are encoded with (FFMPEG_PATH, checked at start). */
  ffmpeg: string;
  /** SITE_MEDIA_CACHE: where finished libraries are kept, one folder per stamp. */
  cacheDir?: string | null;
  manifest?: readonly SiteMediaEntry[];
  version?: number;
  /** Parallel jobs (each ffmpeg runs single-threaded); 2 by default. */
  concurrency?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  signal?: AbortSignal;
}

export interface SiteMediaSummary {
  /** Files rendered. */
  made: number;
  /** Files copied from the cache. */
  copied: number;
  /** Files that failed (the stamp is then not written, so the next start tries again). */
  failed: number;
  total: number;
  seconds: number;
  ready: boolean;
}

/** One unit of work: an image, or a video with its poster (drawn from the same still). */
type Job = { kind: 'image'; entry: SiteMediaEntry } | { kind: 'video'; video: SiteMediaVideo; needVideo: boolean; poster?: SiteMediaEntry };

function plan(todo: readonly SiteMediaEntry[], manifest: readonly SiteMediaEntry[]): Job[] {
  const posters = new Map<string, SiteMediaVideo>();
  for (const e of manifest) if (e.kind === 'video') posters.set(e.poster, e);
  const wanted = new Set(todo.map((e) => e.path));
  const jobs: Job[] = [];
  for (const entry of todo) {
    if (entry.kind === 'video') {
      jobs.push({ kind: 'video', video: entry, needVideo: true, poster: manifest.find((e) => e.path === entry.poster && wanted.has(e.path)) });
    } else {
      const video = posters.get(entry.path);
      if (!video) jobs.push({ kind: 'image', entry });
      else if (!wanted.has(video.path)) jobs.push({ kind: 'video', video, needVideo: false, poster: entry });
      // else: made with its video
    }
  }
  // Images first: they are most of what the pages show, and quick.
  return jobs.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'image' ? -1 : 1));
}

/** Makes what is missing or stale. Safe to run again: a complete, current library makes nothing. */
export async function generateSiteMedia(options: SiteMediaOptions): Promise<SiteMediaSummary> {
  const started = performance.now();
  const manifest = options.manifest ?? SITE_MEDIA_MANIFEST;
  const version = options.version ?? SITE_MEDIA_MANIFEST_VERSION;
  const siteDir = join(options.mediaDir, 'site');
  const stamp = libraryStamp(manifest, version);
  const log = options.logger;
  const total = manifest.length;

  const current = readStamp(siteDir) === stamp;
  const missing = current ? (await Promise.all(manifest.map(async (e) => ((await exists(join(siteDir, e.path))) ? null : e)))).filter((e) => e !== null) : [...manifest];
  const summary: SiteMediaSummary = { made: 0, copied: 0, failed: 0, total, seconds: 0, ready: true };
  if (missing.length === 0) return summary;

  await mkdir(siteDir, { recursive: true });
  // Stale or incomplete from here on: a crash before the end leaves no stamp, so the next start redoes it.
  await rm(join(siteDir, STAMP_FILE), { force: true });
  // One cache folder per stamp, so libraries of different versions (or test manifests) never mix.
  const cacheLib = options.cacheDir ? join(options.cacheDir, stamp) : null;
  let done = total - missing.length;
  reportProgress(siteDir, done, total);
  const step = () => reportProgress(siteDir, (done += 1), total);

  try {
    await pool(plan(missing, manifest), options.concurrency ?? 2, async (job) => {
      if (options.signal?.aborted) return;
      const label = job.kind === 'image' ? job.entry.path : job.video.path;
      try {
        if (job.kind === 'image') {
          await makeFile(job.entry.path, siteDir, cacheLib, (file) => renderImage(job.entry, file), summary);
          step();
          return;
        }
        if (job.poster) {
          await makeFile(job.poster.path, siteDir, cacheLib, (file) => renderPoster(job.video, file), summary);
          step();
        }
        if (job.needVideo) {
          await makeFile(job.video.path, siteDir, cacheLib, (file) => renderVideo(job.video, file, options.ffmpeg, options.signal), summary);
          step();
        }
      } catch (err) {
        summary.failed += 1;
        if (!options.signal?.aborted) log?.error({ err, file: label }, 'site media: could not make a file');
      }
    });

    summary.ready = summary.failed === 0 && !options.signal?.aborted;
    if (summary.ready) {
      await writeFile(join(siteDir, STAMP_FILE), `${stamp}\n`);
      // Marks the cached library complete (informational: files are reused one by one).
      if (cacheLib && summary.made > 0) await writeFile(join(cacheLib, STAMP_FILE), `${stamp}\n`).catch(() => {});
    }
  } finally {
    clearProgress(siteDir);
    summary.seconds = (performance.now() - started) / 1000;
  }
  return summary;
}

/** Starts generation in the background after the server listens; logs one summary line. */
export function startSiteMedia(options: SiteMediaOptions & { logger: Pick<Logger, 'info' | 'warn' | 'error'> }): Promise<SiteMediaSummary | null> {
  return generateSiteMedia(options).then(
    (s) => {
      if (s.made + s.copied + s.failed > 0) {
        const how = [`made ${s.made}`, s.copied ? `copied ${s.copied} from the cache` : '', s.failed ? `${s.failed} failed` : ''].filter(Boolean).join(', ');
        options.logger.info({ ...s, seconds: Number(s.seconds.toFixed(2)) }, `site media: ${how} (library of ${s.total} files) in ${s.seconds.toFixed(1)} s`);
      }
      return s;
    },
    (err: unknown) => {
      options.logger.error({ err }, 'site media: generation failed');
      return null;
    },
  );
}
