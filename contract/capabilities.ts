import type { TSchema } from 'typebox';
import type { UsageCategory } from './billing.ts';
import {
  CelebrityFaceBody, FacePromptBody, FaceResponse, FaceSwapBody, ImagePromptBody, ImageToVideoBody, MenCelebrityFaceBody,
  OutputImageResponse, OutputUrlResponse, ResultImageResponse, SwapImageBody, UpscaleBody, VideoUrlResponse,
} from './studio.ts';

// Each generation capability, declared once (ARCHITECTURE §4). The server's config
// (GENERATION_ENGINES), queue kinds, entitlements, engine registry and routes (hence the OpenAPI
// document), the service worker's long-job list and the page's studio client derive from it.
// Adding a capability means a descriptor here, a handler per engine and a screen.

export type Gender = 'female' | 'male';

/** One spec call of a capability. */
export interface CapabilityCall {
  path: string;
  /** The gender the call implies; null when the call does not say (it comes from the chosen face, or none). */
  gender: Gender | null;
  /** OpenAPI summary. */
  summary: string;
  /** The JSON body's schema; null for a multipart call (its fields are read by the route). */
  body: TSchema | null;
  /** A multipart call's file parts: a file under any other name is refused before a byte of it is written. */
  files?: readonly string[];
}

export interface CapabilityDescriptor {
  calls: readonly CapabilityCall[];
  /** The 200 answer of every call. */
  response: TSchema;
  /** The spec's response field (§7) holding the result's URL. */
  field: 'output' | 'output_url' | 'result_image_url' | 'video_url' | 'output_image';
  /** media_items.kind of the result (the gallery group). */
  media: 'face' | 'image' | 'video' | 'cloth' | 'imgTovideo' | 'audio';
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

const MINUTE = 60_000;

/** A call, its literal path, gender and body schema kept in the type (routes and the page's client read them). */
const call = <const P extends string, const G extends Gender | null, B extends TSchema | null>(path: P, gender: G, summary: string, body: B) => ({ path, gender, summary, body });
/** A multipart call: no JSON body; `files` names the file parts it takes. */
const multipartCall = <const P extends string, const F extends readonly string[]>(path: P, summary: string, files: F) => ({ ...call(path, null, summary, null), files });

export const CAPABILITIES = {
  face: {
    calls: [
      call('/generate_face_c/', 'female', 'Face from three celebrity names (female)', CelebrityFaceBody),
      call('/generate_face_c_men/', 'male', 'Face from three celebrity names (male)', MenCelebrityFaceBody),
      call('/generate-face-prompt/', 'female', 'Face from a prompt (female)', FacePromptBody),
      call('/generate_face_prompt_men/', 'male', 'Face from a prompt (male)', FacePromptBody),
    ],
    response: FaceResponse,
    field: 'output',
    media: 'face',
    allowance: 'faces',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'An error occurred while generating the face.' },
    marks: { title: 'face', outside: {} },
  },
  image: {
    calls: [
      call('/generate-image-prompt/', 'female', 'Image of a face from a prompt (female)', ImagePromptBody),
      call('/generate-image-prompt-men/', 'male', 'Image of a face from a prompt (male)', ImagePromptBody),
    ],
    response: OutputUrlResponse,
    field: 'output_url',
    media: 'image',
    allowance: 'images',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'Image generation failed.' },
    marks: { title: 'image', outside: {} },
  },
  swapImage: {
    calls: [
      call('/generate-image-temp/', 'female', 'The face on a template or linked picture (female)', SwapImageBody),
      call('/generate-image-temp-link-men/', 'male', 'The face on a template or linked picture (male)', SwapImageBody),
      call('/generate-image-temp-template-men/', 'male', 'The face on a template or linked picture (male)', SwapImageBody),
    ],
    response: ResultImageResponse,
    field: 'result_image_url',
    media: 'image',
    allowance: 'images',
    long: false,
    timeoutMs: 2 * MINUTE,
    messages: { failure: 'Image generation failed.' },
    marks: { title: 'face swap', outside: { target: 'The linked picture' } },
  },
  swapVideo: {
    calls: [call('/face-swap/', null, 'The face on a template or linked video', FaceSwapBody)],
    response: VideoUrlResponse,
    field: 'video_url',
    media: 'video',
    allowance: 'videos',
    long: true,
    timeoutMs: 15 * MINUTE,
    messages: { failure: 'Face swap processing failed' },
    marks: { title: 'video face swap', outside: { target: 'The linked video' } },
  },
  clothSwap: {
    calls: [multipartCall('/newclothchanger/', 'The garment on a generated image (multipart: cloth_image, image_template, category, consent=true with the garment photo)', ['cloth_image'])],
    response: OutputImageResponse,
    field: 'output_image',
    media: 'cloth',
    allowance: 'images',
    long: false,
    timeoutMs: 5 * MINUTE,
    messages: { failure: 'Failed to swap clothing' },
    marks: { title: 'cloth swap', outside: { garment: 'The garment photo' } },
  },
  imageToVideo: {
    calls: [call('/imagetovideos/', null, 'A 5 s clip from a generated image', ImageToVideoBody)],
    response: OutputUrlResponse,
    field: 'output_url',
    media: 'imgTovideo',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Invalid prompt. Please enter a proper prompt.' },
    marks: { title: 'video', outside: {} },
  },
  music: {
    calls: [multipartCall('/audio_mucic_creator/', 'A song from lyrics and audio (multipart: lyrics, song_file, voice_file, instrumental_file, consent=true with a voice_file)', ['song_file', 'voice_file', 'instrumental_file'])],
    response: OutputUrlResponse,
    field: 'output_url',
    media: 'audio',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Invalid Audio. Please enter a proper Audio.' },
    marks: { title: 'song', outside: { song: 'The song', voice: 'The voice recording', instrumental: 'The instrumental' } },
  },
  upscale: {
    calls: [call('/upscale/', null, 'One of the user\'s generated pictures 2x or 4x larger, by an upscaling model (ESRGAN)', UpscaleBody)],
    response: OutputUrlResponse,
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
    calls: [multipartCall('/talking/', 'A video of the face speaking or singing (multipart: face_url and one of audio_file, audio_url, text; consent=true with an audio_file)', ['audio_file'])],
    response: VideoUrlResponse,
    field: 'video_url',
    media: 'video',
    allowance: 'videos',
    long: true,
    timeoutMs: 10 * MINUTE,
    messages: { failure: 'Making the talking video failed.' },
    // A voice file may be a real person's; the user's song and typed text are not outside media.
    marks: { title: 'talking character', outside: { voice: 'The voice recording' } },
  },
} as const;

/** Fails to compile when a descriptor lacks a fact (checked apart: a `satisfies` on the object would widen each call's literal types). */
type Described<T extends Record<string, CapabilityDescriptor>> = T;
export type CapabilityDescriptors = Described<typeof CAPABILITIES>;

export type Capability = keyof typeof CAPABILITIES;

/** Every capability, in declaration order. */
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export const isCapability = (name: string): name is Capability => Object.hasOwn(CAPABILITIES, name);
