// Makes the template library (contract/templates.ts) under <media>/templates in the bucket's
// layout: every thumbnail first (the studio's grids), then the pictures, then the clips (heavy,
// at low priority). A template asked for before its turn is made on the spot (ensureTemplateFile).
// With TEMPLATE_CACHE set, files come from <cache>/<stamp>/ when it holds them and every file
// made is added there, so tests, CI and new data folders copy instead of rendering.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Settings } from '../config/index.ts';
import { TEMPLATE_LIBRARY_VERSION, TEMPLATE_MANIFEST, type TemplateEntry } from '../../../contract/templates.ts';
import { portrait, svgDocument } from '../media/art/portrait.ts';
import { run } from '../media/ffmpeg.ts';
import { exists, makeFile, pool } from '../media/libraryFiles.ts';
import { tempPath, writeAtomically } from '../media/render.ts';
import { headOf, IMAGE_SIZE, panOf, templateSeed, THUMB_SIZE, VIDEO_FPS, VIDEO_FRAMES, VIDEO_SIZE, VIDEO_STILL_SCALE } from './metadata.ts';

/** Bump when the drawing or encoding changes (with TEMPLATE_LIBRARY_VERSION for the page's manifest). */
const GENERATOR_REVISION = 2;
const STAMP_FILE = '.version';

const FEMALE_SCENES = ['beach at sunset, long waves', 'neon city night, bob', 'café window light, curls', 'snowy mountain, ponytail', 'festive marigold garland, braid', 'gallery staircase gown, bun', 'rooftop at dusk, long hair', 'studio light, pixie'];
const MALE_SCENES = ['man, beach at sunset, short hair', 'man, neon city night, beard', 'man, café window light', 'man, snowy mountain, beard', 'man, rooftop at dusk, close-cropped', 'man, studio light, curls'];

/** The words the drawing reads for a template (scene, hair): varied by id, fixed per template. */
export function templateLabel(t: TemplateEntry): string {
  const scenes = t.gender === 'male' ? MALE_SCENES : FEMALE_SCENES;
  return scenes[(t.id - 1) % scenes.length]!;
}

/** The picture (image template) or the still the clip pans over (video template), as SVG. */
function templateSvg(t: TemplateEntry): string {
  const head = headOf(t);
  const box = t.kind === 'image' ? IMAGE_SIZE : { w: Math.round(VIDEO_SIZE.w * VIDEO_STILL_SCALE), h: Math.round(VIDEO_SIZE.h * VIDEO_STILL_SCALE) };
  const parts = portrait(`t${t.id}`, box, templateLabel(t), templateSeed(t), { headX: head.headX, headY: head.headY, headScale: head.headScale });
  return svgDocument(box, parts);
}

async function renderImageTemplate(t: TemplateEntry, file: string): Promise<void> {
  await writeAtomically(file, (tmp) => sharp(Buffer.from(templateSvg(t))).jpeg({ quality: 86, mozjpeg: false }).toFile(tmp));
}

/** The first frame's area of the still (video) or the picture (image), as a small JPEG. */
async function renderThumbnail(t: TemplateEntry, file: string): Promise<void> {
  let image = sharp(Buffer.from(templateSvg(t)));
  if (t.kind === 'video') {
    const { x0, y0 } = panOf(t);
    image = sharp(await image.extract({ left: x0, top: y0, width: VIDEO_SIZE.w, height: VIDEO_SIZE.h }).png({ compressionLevel: 1 }).toBuffer());
  }
  await writeAtomically(file, (tmp) => image.resize(THUMB_SIZE.w, THUMB_SIZE.h, { fit: 'cover' }).jpeg({ quality: 78 }).toFile(tmp));
}

/** The clip: a straight pan over the still (crop moved per frame, exactly as faceTrackOf says), H.264 by `ffmpeg`. */
async function renderVideoTemplate(t: TemplateEntry, file: string, ffmpeg: string, signal?: AbortSignal): Promise<void> {
  const { x0, y0, x1, y1 } = panOf(t);
  const still = tempPath(`${file}.still.png`);
  await mkdir(dirname(file), { recursive: true });
  try {
    await sharp(Buffer.from(templateSvg(t))).png({ compressionLevel: 1 }).toFile(still);
    const f = `n/${VIDEO_FRAMES - 1}`;
    // Cropped while still RGB: no chroma alignment moves the crop off the computed track.
    const filter = `crop=${VIDEO_SIZE.w}:${VIDEO_SIZE.h}:'floor(${x0}+(${x1 - x0})*${f})':'floor(${y0}+(${y1 - y0})*${f})',format=yuv420p`;
    await writeAtomically(file, (tmp) =>
      run(
        ffmpeg,
        ['-nostdin', '-y', '-loglevel', 'error', '-loop', '1', '-framerate', String(VIDEO_FPS), '-i', still, '-vf', filter, '-frames:v', String(VIDEO_FRAMES), '-an',
          '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p', '-threads', '1', '-movflags', '+faststart', '-f', 'mp4', tmp],
        { signal, nice: true },
      ),
    );
  } finally {
    await rm(still, { force: true });
  }
}

/** The stamp of this generator and manifest: caches and folders of another stamp are not reused. */
export function templateStamp(manifest: readonly TemplateEntry[] = TEMPLATE_MANIFEST): string {
  const hash = createHash('sha256').update(JSON.stringify({ revision: GENERATOR_REVISION, manifest })).digest('hex').slice(0, 12);
  return `${TEMPLATE_LIBRARY_VERSION}+${hash}`;
}

const inFlight = new Map<string, Promise<void>>();

/** Makes one file of the library (shared by concurrent callers: one render per file). */
function makeOnce(libDir: string, cacheLib: string | null, path: string, render: (file: string) => Promise<void>, summary = { made: 0, copied: 0 }): Promise<void> {
  const key = join(libDir, path);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = (async () => {
      if (!(await exists(key))) await makeFile(path, libDir, cacheLib, render, summary);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

const cacheLibOf = (cacheDir: string | null | undefined) => (cacheDir ? join(cacheDir, templateStamp()) : null);

/** Where the library is made and what draws its clips: MEDIA_DIR, FFMPEG_PATH (checked at start), TEMPLATE_CACHE. */
export interface TemplateLibrary {
  mediaDir: string;
  ffmpeg: string;
  cacheDir?: string | null;
}

/** The library the settings describe. */
export const templateLibraryOf = (settings: Pick<Settings, 'mediaDir' | 'generation'>): TemplateLibrary => ({
  mediaDir: settings.mediaDir,
  ffmpeg: settings.generation.ffmpegPath,
  cacheDir: settings.generation.templateCache,
});

/** One template and its thumbnail, now, if missing (a request needed it before the library got to it). */
export async function ensureTemplateFile(library: TemplateLibrary, t: TemplateEntry): Promise<void> {
  const libDir = join(library.mediaDir, 'templates');
  const cacheLib = cacheLibOf(library.cacheDir);
  await Promise.all([
    makeOnce(libDir, cacheLib, t.thumb, (file) => renderThumbnail(t, file)),
    makeOnce(libDir, cacheLib, t.path, (file) => (t.kind === 'image' ? renderImageTemplate(t, file) : renderVideoTemplate(t, file, library.ffmpeg))),
  ]);
}

export interface TemplateOptions extends TemplateLibrary {
  /** A subset (tests); every template by default. */
  manifest?: readonly TemplateEntry[];
  concurrency?: number;
  logger?: Pick<Logger, 'info' | 'warn' | 'error'>;
  signal?: AbortSignal;
}

export interface TemplateSummary {
  made: number;
  copied: number;
  failed: number;
  /** Seconds until every thumbnail and picture was there: the studio is usable from then on. */
  usableAfterS: number;
  seconds: number;
}

/** Makes what is missing; a complete, current library makes nothing. */
export async function ensureTemplates(options: TemplateOptions): Promise<TemplateSummary> {
  const started = performance.now();
  const manifest = options.manifest ?? TEMPLATE_MANIFEST;
  const libDir = join(options.mediaDir, 'templates');
  const stamp = templateStamp(manifest);
  const cacheLib = options.cacheDir ? join(options.cacheDir, templateStamp()) : null;
  const summary: TemplateSummary = { made: 0, copied: 0, failed: 0, usableAfterS: 0, seconds: 0 };
  const current = (await readFile(join(libDir, STAMP_FILE), 'utf8').catch(() => '')).trim() === stamp;
  if (!current) await rm(join(libDir, STAMP_FILE), { force: true });
  const stages: { path: (t: TemplateEntry) => string; render: (t: TemplateEntry, file: string) => Promise<void>; entries: readonly TemplateEntry[] }[] = [
    { path: (t) => t.thumb, render: renderThumbnail, entries: manifest },
    { path: (t) => t.path, render: renderImageTemplate, entries: manifest.filter((t) => t.kind === 'image') },
    { path: (t) => t.path, render: (t, file) => renderVideoTemplate(t, file, options.ffmpeg, options.signal), entries: manifest.filter((t) => t.kind === 'video') },
  ];
  for (const [i, stage] of stages.entries()) {
    await pool(stage.entries, options.concurrency ?? 2, async (t) => {
      if (options.signal?.aborted) return;
      try {
        await makeOnce(libDir, cacheLib, stage.path(t), (file) => stage.render(t, file), summary);
      } catch (err) {
        summary.failed += 1;
        if (!options.signal?.aborted) options.logger?.error({ err, template: stage.path(t) }, 'templates: could not make a file');
      }
    });
    if (i === 1) summary.usableAfterS = (performance.now() - started) / 1000;
  }
  summary.seconds = (performance.now() - started) / 1000;
  if (summary.failed === 0 && !options.signal?.aborted) {
    await mkdir(libDir, { recursive: true });
    await writeFile(join(libDir, STAMP_FILE), `${stamp}\n`);
  }
  if (summary.made + summary.copied > 0) {
    options.logger?.info({ ...summary }, `templates: made ${summary.made}, copied ${summary.copied}, usable after ${summary.usableAfterS.toFixed(1)} s, all in ${summary.seconds.toFixed(1)} s`);
  }
  return summary;
}
