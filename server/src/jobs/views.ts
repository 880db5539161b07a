// What a job and a batch look like to their owner: the answers of GET /api/jobs/{id} and
// /api/batches/{id}, and the bodies of the webhooks that announce them (developer/announce.ts).
import type { BatchView } from '../../../contract/batches.ts';
import type { JobView } from '../../../contract/studio.ts';
import type { BatchRow } from '../db/repositories/batches.ts';
import type { Db } from '../db/index.ts';
import type { JobRow } from '../db/repositories/jobs.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { parseJson } from '../db/util.ts';
import { NO_ESTIMATE, type Estimate } from './eta.ts';
import type { MediaSource } from './kinds.ts';
import { sourceOf } from './source-words.ts';
import { templateByPath } from './templates.ts';

/** A URL of a storage key (MediaStorage.url). */
export type UrlOf = (key: string) => string;

/** The most input thumbnails a view carries (contract JobView.input_urls). */
const INPUT_URLS = 4;
const PICTURE = /\.(png|jpe?g|webp)$/i;

/** The job's input pictures as URLs (a video template by its thumbnail), at most INPUT_URLS, in the input's order. */
function inputUrlsOf(input: unknown, urlOf: UrlOf): string[] {
  if (typeof input !== 'object' || input === null) return [];
  const urls: string[] = [];
  for (const value of Object.values(input)) {
    const source = value as Partial<MediaSource> | null;
    if (typeof source !== 'object' || source === null) continue;
    if (source.type === 'stored' && typeof source.key === 'string' && PICTURE.test(source.key)) urls.push(urlOf(source.key));
    if (source.type === 'template' && typeof source.path === 'string') {
      const template = templateByPath(source.path);
      if (template) urls.push(urlOf(`templates/${template.kind === 'image' ? template.path : template.thumb}`));
    }
  }
  return urls.slice(0, INPUT_URLS);
}

/**
 * A job as the page sees it: status, progress, engine, error, its batch, while queued its position
 * and while queued or running its ETA (`estimates`, from app.jobs.estimates()), and once succeeded
 * its result fields; what it is made from in words and its input pictures (issue 45), and its result's
 * size (`resultSize`, read by jobViews; null when not known).
 */
function jobView(job: JobRow, estimates: ReadonlyMap<string, Estimate>, urlOf: UrlOf, resultSize: JobView['result_size']): JobView {
  const input = parseJson<unknown>(job.input, null);
  const result = job.status === 'succeeded' && job.result ? (JSON.parse(job.result) as Record<string, string>) : {};
  const { face_prompt: _facePrompt, ...fields } = result;
  const open = job.status === 'queued' || job.status === 'running';
  const estimate = open ? (estimates.get(job.id) ?? NO_ESTIMATE) : NO_ESTIMATE;
  return {
    job_id: job.id,
    kind: job.kind,
    status: job.status,
    progress: job.status === 'succeeded' ? 100 : job.progress,
    engine: job.engine,
    error: job.status === 'failed' ? (job.error ?? 'The job failed.') : null,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
    batch_id: job.batch_id,
    batch_index: job.batch_index,
    character_id: job.character_id,
    started_at: job.started_at,
    source: sourceOf(input),
    input_urls: inputUrlsOf(input, urlOf),
    result_size: resultSize,
    position: job.status === 'queued' ? estimate.position : null,
    eta_seconds: estimate.eta_seconds,
    ...fields,
  };
}

/**
 * The views of `rows` (see jobView), with the sizes of the succeeded ones' results read in one query
 * (none when none succeeded: a followed running job costs no read).
 */
export async function jobViews(db: Db, rows: readonly JobRow[], estimates: ReadonlyMap<string, Estimate>, urlOf: UrlOf): Promise<JobView[]> {
  const done = rows.filter((j) => j.status === 'succeeded').map((j) => j.id);
  const sizes = new Map((await mediaRepository(db).sizesOfJobs(done)).map((m) => [m.job_id, { width: m.width, height: m.height, duration_seconds: m.duration_seconds }]));
  return rows.map((j) => jobView(j, estimates, urlOf, sizes.get(j.id) ?? null));
}

/** The batch's view from its jobs' views (`views`, in the order of `jobs`). */
export function batchViewOf(batch: BatchRow, jobs: readonly JobRow[], views: JobView[]): BatchView {
  const etas = views.flatMap((v) => (v.eta_seconds === null ? [] : [v.eta_seconds]));
  const count = (status: JobRow['status']) => jobs.filter((j) => j.status === status).length;
  return {
    batch_id: batch.id,
    call: batch.call,
    total: batch.total,
    queued: count('queued'),
    running: count('running'),
    succeeded: count('succeeded'),
    failed: count('failed'),
    canceled: count('canceled'),
    eta_seconds: etas.length === 0 ? null : Math.max(...etas),
    jobs: views,
  };
}
