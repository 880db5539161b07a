import type { TSchema } from 'typebox';
import { CAPABILITY_FACTS, type CapabilityFacts } from './capability-facts.ts';
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

/** A capability: its plain facts (contract/capability-facts.ts), its calls and its answer's schema. */
export interface CapabilityDescriptor extends CapabilityFacts {
  calls: readonly CapabilityCall[];
  /** The 200 answer of every call. */
  response: TSchema;
}

/** A call, its literal path, gender and body schema kept in the type (routes and the page's client read them). */
const call = <const P extends string, const G extends Gender | null, B extends TSchema | null>(path: P, gender: G, summary: string, body: B) => ({ path, gender, summary, body });
/** A multipart call: no JSON body; `files` names the file parts it takes. */
const multipartCall = <const P extends string, const F extends readonly string[]>(path: P, summary: string, files: F) => ({ ...call(path, null, summary, null), files });

export const CAPABILITIES = {
  face: {
    ...CAPABILITY_FACTS.face,
    calls: [
      call('/generate_face_c/', 'female', 'Face from three celebrity names (female)', CelebrityFaceBody),
      call('/generate_face_c_men/', 'male', 'Face from three celebrity names (male)', MenCelebrityFaceBody),
      call('/generate-face-prompt/', 'female', 'Face from a prompt (female)', FacePromptBody),
      call('/generate_face_prompt_men/', 'male', 'Face from a prompt (male)', FacePromptBody),
    ],
    response: FaceResponse,
  },
  image: {
    ...CAPABILITY_FACTS.image,
    calls: [
      call('/generate-image-prompt/', 'female', 'Image of a face from a prompt (female)', ImagePromptBody),
      call('/generate-image-prompt-men/', 'male', 'Image of a face from a prompt (male)', ImagePromptBody),
    ],
    response: OutputUrlResponse,
  },
  swapImage: {
    ...CAPABILITY_FACTS.swapImage,
    calls: [
      call('/generate-image-temp/', 'female', 'The face on a template or linked picture (female)', SwapImageBody),
      call('/generate-image-temp-link-men/', 'male', 'The face on a template or linked picture (male)', SwapImageBody),
      call('/generate-image-temp-template-men/', 'male', 'The face on a template or linked picture (male)', SwapImageBody),
    ],
    response: ResultImageResponse,
  },
  swapVideo: {
    ...CAPABILITY_FACTS.swapVideo,
    calls: [call('/face-swap/', null, 'The face on a template or linked video', FaceSwapBody)],
    response: VideoUrlResponse,
  },
  clothSwap: {
    ...CAPABILITY_FACTS.clothSwap,
    calls: [multipartCall('/newclothchanger/', 'The garment on a generated image (multipart: cloth_image, image_template, category, consent=true with the garment photo)', ['cloth_image'])],
    response: OutputImageResponse,
  },
  imageToVideo: {
    ...CAPABILITY_FACTS.imageToVideo,
    calls: [call('/imagetovideos/', null, 'A 5 s clip from a generated image', ImageToVideoBody)],
    response: OutputUrlResponse,
  },
  music: {
    ...CAPABILITY_FACTS.music,
    calls: [multipartCall('/audio_mucic_creator/', 'A song from lyrics and audio (multipart: lyrics, song_file, voice_file, instrumental_file, consent=true with a voice_file)', ['song_file', 'voice_file', 'instrumental_file'])],
    response: OutputUrlResponse,
  },
  upscale: {
    ...CAPABILITY_FACTS.upscale,
    calls: [call('/upscale/', null, 'One of the user\'s generated pictures 2x or 4x larger, by an upscaling model (ESRGAN)', UpscaleBody)],
    response: OutputUrlResponse,
  },
  talking: {
    ...CAPABILITY_FACTS.talking,
    calls: [multipartCall('/talking/', 'A video of the face speaking or singing (multipart: face_url and one of audio_file, audio_url, text; consent=true with an audio_file)', ['audio_file'])],
    response: VideoUrlResponse,
  },
} as const;

/** Fails to compile when a descriptor lacks a fact (checked apart: a `satisfies` on the object would widen each call's literal types). */
type Described<T extends Record<string, CapabilityDescriptor>> = T;
export type CapabilityDescriptors = Described<typeof CAPABILITIES>;
/** Fails to compile when a capability has calls but no facts, or facts but no calls. */
type SameNames<A, B> = [Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>] extends [never] ? true : never;
const sameNames: SameNames<typeof CAPABILITIES, typeof CAPABILITY_FACTS> = true;
void sameNames;

export type Capability = keyof typeof CAPABILITIES;

/** Every capability, in declaration order. */
export const CAPABILITY_NAMES = Object.keys(CAPABILITIES) as Capability[];

export const isCapability = (name: string): name is Capability => Object.hasOwn(CAPABILITIES, name);
