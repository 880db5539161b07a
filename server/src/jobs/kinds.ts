// What a job of each kind (a capability of contract/capabilities.ts, whose descriptor says what it
// produces, how long it may run and what a failure shows) stores as its input.
import type { Capability } from '../../../contract/capabilities.ts';
import type { Speech } from '../engines/types.ts';

export type JobKind = Capability;

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
  // A character's typed text (issue 44): `speech` is its preset's espeak-ng voice, pitch and speed.
  | { kind: 'talking'; gender: 'female' | 'male' | null; face: { type: 'stored'; key: string }; voice?: MediaSource; song?: { type: 'stored'; key: string }; text?: string; speech?: Speech };

const isSource = (value: unknown): value is MediaSource =>
  typeof value === 'object' && value !== null && ((value as MediaSource).type === 'stored' || (value as MediaSource).type === 'template');

/** Every media source a job reads (stored objects and templates): the input's fields that hold one. */
export function sourcesOf(input: JobInput): MediaSource[] {
  return Object.values(input).filter(isSource);
}
