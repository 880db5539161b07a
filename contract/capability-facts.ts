import type { UsageCategory } from './billing.ts';

// Each generation capability's plain facts: its result field and gallery group, allowance, whether it
// is long, its time-out, failure message and AI marks. No schema library here, so the service
// worker can read them (its long-job notifications) at a small cost to its bundle; the calls and
// schemas are added in contract/capabilities.ts, the registry everything else reads.

const MINUTE = 60_000;

/** The gallery's groups (media_items.kind): each result joins one. */
export type MediaKind = 'face' | 'image' | 'video' | 'cloth' | 'imgTovideo' | 'audio';

export interface CapabilityFacts {
  /** The spec's response field (§7) holding the result's URL. */
  field: 'output' | 'output_url' | 'result_image_url' | 'video_url' | 'output_image';
  /** media_items.kind of the result (the gallery group). */
  media: MediaKind;
  /** The plan's allowance a job counts against. */
  allowance: UsageCategory;
  /** Long enough to tell the user by a notification when it ends with no page in view. */
  long: boolean;
  /** One attempt is stopped after this long. */
  timeoutMs: number;
  messages: {
    /** Shown when the job fails for a reason the user cannot fix (spec §8). */
    failure: string;
  };
  /** The output's AI marks (issue 26; server/src/provenance/source-type.ts reads them). */
  marks: {
    /** The output's title in its marks: "Persona Studio <title>". */
    title: string;
    /**
     * Job input fields that may hold the user's own or linked media (an upload or a link copy,
     * never a template or our own output), each with the title its ingredient gets: an output
     * built on one is a composite (compositeSynthetic, compositeWithTrainedAlgorithmicMedia).
     */
    outside: Readonly<Record<string, string>>;
    /** A trained model makes the pixels even on the local engine (an upscale). */
    trained?: boolean;
  };
}

export const CAPABILITY_FACTS = {
  face: {
    field: 'output',
    media: 'face',
    allowance: 'faces',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'An error occurred while generating the face.' },
    marks: { title: 'face', outside: {} },
  },
  image: {
    field: 'output_url',
    media: 'image',
    allowance: 'images',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'Image generation failed.' },
    marks: { title: 'image', outside: {} },
  },
  swapImage: {
    field: 'result_image_url',
    media: 'image',
    allowance: 'images',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'Image generation failed.' },
    marks: { title: 'face swap', outside: { target: 'The linked picture' } },
  },
  swapVideo: {
    field: 'video_url',
    media: 'video',
    allowance: 'videos',
    long: true,
    timeoutMs: 15 * MINUTE,
    messages: { failure: 'Face swap processing failed' },
    marks: { title: 'video face swap', outside: { target: 'The linked video' } },
  },
  clothSwap: {
    field: 'output_image',
    media: 'cloth',
    allowance: 'images',
    long: false,
    timeoutMs: 5 * MINUTE,
    messages: { failure: 'Failed to swap clothing' },
    marks: { title: 'cloth swap', outside: { garment: 'The garment photo' } },
  },
  imageToVideo: {
    field: 'output_url',
    media: 'imgTovideo',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Invalid prompt. Please enter a proper prompt.' },
    marks: { title: 'video', outside: {} },
  },
  music: {
    field: 'output_url',
    media: 'audio',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Invalid Audio. Please enter a proper Audio.' },
    marks: { title: 'song', outside: { song: 'The song', voice: 'The voice recording', instrumental: 'The instrumental' } },
  },
  upscale: {
    field: 'output_url',
    media: 'image',
    allowance: 'images',
    // A 4x of a 768 x 1024 picture takes about a minute on a 2-core machine.
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Upscaling failed.' },
    // The source is our own output, never outside media; the local engine's ESRGAN is a trained model.
    marks: { title: 'upscale', outside: {}, trained: true },
  },
  talking: {
    field: 'video_url',
    media: 'video',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Making the talking video failed.' },
    // A voice file may be a real person's; the user's song and typed text are not outside media.
    marks: { title: 'talking character', outside: { voice: 'The voice recording' } },
  },
} as const satisfies Record<string, CapabilityFacts>;

/** Kinds long enough to tell the user by a notification when they end with no page in view. */
export const LONG_JOB_KINDS: ReadonlySet<string> = new Set(Object.entries(CAPABILITY_FACTS).filter(([, facts]) => facts.long).map(([kind]) => kind));
