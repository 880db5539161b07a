// What each job kind (a capability of contract/capabilities.ts) produces: the gallery group its
// media joins, the response field the spec's call reads, the message a failure shows, and how long
// it may run. All of it is the capability's descriptor.
import { CAPABILITIES, CAPABILITY_NAMES, type Capability } from '../../../contract/capabilities.ts';
import type { MediaKind } from '../db/schema.ts';

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

export const KINDS: Readonly<Record<JobKind, KindInfo>> = Object.fromEntries(
  CAPABILITY_NAMES.map((c) => {
    const { media, field, messages, timeoutMs } = CAPABILITIES[c];
    return [c, { media, field, failure: messages.failure, timeoutMs } satisfies KindInfo];
  }),
) as Record<JobKind, KindInfo>;

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
  | { kind: 'music'; lyrics: string; song: MediaSource; voice?: MediaSource; instrumental?: MediaSource }
  // An upscale keeps its source's gender (the gallery item says it, as the source's did).
  | { kind: 'upscale'; gender: 'female' | 'male' | null; image: { type: 'stored'; key: string }; scale: 2 | 4 }
  // The talking character: exactly one of voice (an upload), song (the user's gallery song) or text; the face's gender picks the spoken voice.
  | { kind: 'talking'; gender: 'female' | 'male' | null; face: { type: 'stored'; key: string }; voice?: MediaSource; song?: { type: 'stored'; key: string }; text?: string };

/** Every media source a job reads (stored objects and templates), in the order of its fields. */
export function sourcesOf(input: JobInput): MediaSource[] {
  const sources: (MediaSource | undefined)[] =
    input.kind === 'face' ? []
    : input.kind === 'image' ? [input.face]
    : input.kind === 'swapImage' || input.kind === 'swapVideo' ? [input.face, input.target]
    : input.kind === 'clothSwap' ? [input.person, input.garment]
    : input.kind === 'imageToVideo' || input.kind === 'upscale' ? [input.image]
    : input.kind === 'talking' ? [input.face, input.voice, input.song]
    : [input.song, input.voice, input.instrumental];
  return sources.filter((s): s is MediaSource => s !== undefined);
}
