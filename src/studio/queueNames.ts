// What the queue calls each job and batch (issue 45): by the words that made it (the prompt,
// celebrity names, template name, lyrics or typed text; "From your upload" and the like for media
// the user brought), so a row reads like the work. Names stay with their job whatever arrives or
// moves: a batch is named by its time and its first item's words, its items kept in item order.
import { CAPABILITIES, isCapability, type Capability, type CapabilityDescriptor } from '../../contract/capabilities';
import { SOURCE_LABELS } from '../../contract/media';
import type { JobView } from '../../contract/studio';
import { dateWords, engineWords, sizeWords } from './galleryItems';

/** Each capability's name in the queue; typed by the registry, so a new capability cannot be left out. */
const NOUN: Record<Capability, string> = {
  face: 'Face',
  image: 'Image',
  swapImage: 'Face swap image',
  swapVideo: 'Face swap video',
  clothSwap: 'Cloth swap',
  imageToVideo: 'Image to video',
  music: 'Song',
  upscale: 'Upscaled picture',
  talking: 'Talking character',
};
/** How a result shows: from the registry's gallery group of the capability. */
const MEDIA: Record<CapabilityDescriptor['media'], 'image' | 'video' | 'audio'> = { face: 'image', image: 'image', cloth: 'image', video: 'video', imgTovideo: 'video', audio: 'audio' };

export const kindOf = (job: Pick<JobView, 'kind'>): { noun: string; media: 'image' | 'video' | 'audio' } =>
  isCapability(job.kind) ? { noun: NOUN[job.kind], media: MEDIA[CAPABILITIES[job.kind].media] } : { noun: job.kind, media: 'image' };

/**
 * What the row says of the job besides its words (issue 45, as a gallery card does): its kind, its
 * engine ('Local engine' for the built-in one), once done its result's size, and while it waits or
 * runs the day it was asked for (a finished row says when it ended).
 */
export function jobFacts(job: Pick<JobView, 'kind' | 'engine' | 'status' | 'created_at' | 'result_size'>): string {
  const { noun, media } = kindOf(job);
  const size = job.result_size ? sizeWords({ width: job.result_size.width ?? null, height: job.result_size.height ?? null, durationSeconds: job.result_size.duration_seconds ?? null, kind: media }) : null;
  const open = job.status === 'queued' || job.status === 'running';
  return [noun, job.engine === 'local' ? 'Local engine' : engineWords(job.engine), size, open ? dateWords(job.created_at) : null].filter(Boolean).join(' · ');
}

/** A name's longest length: longer words are cut at a word and end with "…" (the row shows them all). */
export const NAME_MAX = 48;

/** The words that made the job, all of them, one line; null when the server gave none. */
export function sourceWords(job: Pick<JobView, 'source'>): string | null {
  const source = job.source;
  if (!source) return null;
  const text = source.text.replace(/\s+/g, ' ').trim();
  return text || SOURCE_LABELS[source.kind] || null;
}

/** `text` cut to `max` characters at a word, with "…". */
export function shortened(text: string, max = NAME_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

const byAge = (a: Pick<JobView, 'created_at' | 'job_id'>, b: Pick<JobView, 'created_at' | 'job_id'>) => a.created_at.localeCompare(b.created_at) || a.job_id.localeCompare(b.job_id);

/**
 * Each job's name: its source words, shortened; without words its kind and its number among the
 * jobs of that kind by creation ("Face 3"). Two jobs with the same words (a re-run) are told apart
 * by creation: "A cat", "A cat (2)". Names go by creation, so they do not change as jobs move.
 */
export function jobNames(jobs: readonly JobView[]): ReadonlyMap<string, string> {
  const counts = new Map<string, number>();
  const names = new Map<string, string>();
  for (const job of [...jobs].sort(byAge)) {
    const words = sourceWords(job);
    const base = words ? shortened(words) : kindOf(job).noun;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    names.set(job.job_id, words ? (n === 1 ? base : `${base} (${n})`) : `${base} ${n}`);
  }
  return names;
}

/**
 * A batch's jobs in item order (each job's `batch_index`), whatever order the list gave (GET
 * /api/jobs lists finished jobs newest first and open ones in queue order); any without one by
 * creation, after. Known with the list itself, so a batch's first item, and its name, never change.
 */
export function inItemOrder<J extends Pick<JobView, 'batch_index' | 'created_at' | 'job_id'>>(jobs: readonly J[]): J[] {
  const at = (j: J) => j.batch_index ?? Number.MAX_SAFE_INTEGER;
  return [...jobs].sort((a, b) => at(a) - at(b) || byAge(a, b));
}

/** When it was made, as a batch's name says it: "14:32" today, "28 Nov, 14:32" before. */
export function madeAt(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const time = at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? time : `${at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}, ${time}`;
}

/** A batch's name: "Batch at 14:32: A singer on stage" (its first item's words), stable as others come and go. */
export function batchName(first: JobView, now?: Date): string {
  const words = sourceWords(first);
  return `Batch at ${madeAt(first.created_at, now)}: ${words ? shortened(words, 40) : `${kindOf(first).noun.toLowerCase()}s`}`;
}

/** "1 min 5 s", "42 s", "1 h 3 min": how long a job has run. */
export function elapsedText(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** Running without any progress reported (issue 45: face-swap videos): shown as time run and an indeterminate bar. */
export const noProgress = (job: Pick<JobView, 'status' | 'progress'>): boolean => job.status === 'running' && !(job.progress > 0);
