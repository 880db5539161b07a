// What each job kind (an engine capability) produces: the gallery group its media joins, the
// response field the spec's call reads, the message a failure shows, and how long it may run.
import type { Capability } from '../engines/types.ts';
import type { MediaKind } from '../db/schema.ts';
import { USER_FILE_PREFIX } from '../storage/user-files.ts';

export type JobKind = Capability;

export interface KindInfo {
  /** media_items.kind of the result. */
  media: MediaKind;
  /** The spec's response field (§7) holding the result's URL. */
  field: 'output' | 'output_url' | 'result_image_url' | 'video_url' | 'output_image';
  /** Shown when the job fails for a reason the user cannot fix (spec §8). */
  failure: string;
  /** One attempt is stopped after this long. */
  timeoutMs: number;
}

const MINUTE = 60_000;

export const KINDS: Readonly<Record<JobKind, KindInfo>> = {
  face: { media: 'face', field: 'output', failure: 'An error occurred while generating the face.', timeoutMs: 2 * MINUTE },
  image: { media: 'image', field: 'output_url', failure: 'Image generation failed.', timeoutMs: 2 * MINUTE },
  swapImage: { media: 'image', field: 'result_image_url', failure: 'Image generation failed.', timeoutMs: 2 * MINUTE },
  swapVideo: { media: 'video', field: 'video_url', failure: 'Face swap processing failed', timeoutMs: 15 * MINUTE },
  clothSwap: { media: 'cloth', field: 'output_image', failure: 'Failed to swap clothing', timeoutMs: 5 * MINUTE },
  imageToVideo: { media: 'imgTovideo', field: 'output_url', failure: 'Invalid prompt. Please enter a proper prompt.', timeoutMs: 10 * MINUTE },
  music: { media: 'audio', field: 'output_url', failure: 'Invalid Audio. Please enter a proper Audio.', timeoutMs: 10 * MINUTE },
};

export const JOB_KINDS = Object.keys(KINDS) as JobKind[];

export const isJobKind = (kind: string): kind is JobKind => Object.hasOwn(KINDS, kind);

/** A media source a job reads: one of our stored objects or a template (checked when the job was made). */
export type MediaSource = { type: 'stored'; key: string } | { type: 'template'; path: string };

/** jobs.input per kind: everything the runner needs, nothing it must fetch from the user again. */
export type JobInput =
  | { kind: 'face'; gender: 'female' | 'male'; celebrities?: [string, string, string]; prompt?: string }
  | { kind: 'image'; gender: 'female' | 'male'; face: MediaSource; prompt: string }
  | { kind: 'swapImage'; gender: 'female' | 'male'; face: MediaSource; target: MediaSource }
  | { kind: 'swapVideo'; gender: 'female' | 'male' | null; face: MediaSource; target: MediaSource }
  | { kind: 'clothSwap'; person: MediaSource; garment: MediaSource; category: 'tops' | 'bottoms' | 'one-pieces' }
  | { kind: 'imageToVideo'; image: MediaSource; prompt: string }
  | { kind: 'music'; lyrics: string; song: MediaSource; voice?: MediaSource; instrumental?: MediaSource };

/** Uploaded objects a job owns: deleted once the job is over. */
export function uploadKeysOf(input: JobInput): string[] {
  const sources: (MediaSource | undefined)[] =
    input.kind === 'clothSwap' ? [input.garment] : input.kind === 'music' ? [input.song, input.voice, input.instrumental] : [];
  return sources.flatMap((s) => (s?.type === 'stored' && s.key.startsWith(USER_FILE_PREFIX.upload) ? [s.key] : []));
}
