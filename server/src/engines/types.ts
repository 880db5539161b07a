// The generation engines' contract: one function per capability, files in and files out, progress
// reported as it goes. The job runner resolves every input (our storage, a template, a fetched
// URL) to a local file before calling, and stores the outputs after; engines never touch the
// database, the storage or the network of the user's inputs. `local` (default) makes real media
// with sharp and ffmpeg, deterministically, with no generative AI (its upscale runs a trained
// ESRGAN model: its marks say so); replicate drives hosted models and comfyui a self-hosted ComfyUI.

import type { Capability, Gender } from '../../../contract/capabilities.ts';

export type { Capability, Gender };

/** An axis-aligned box in pixels of the picture (or frame) it belongs to. */
export interface FaceBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where the face is in each frame of a video template (index = frame number at `fps`). */
export interface FaceTrack {
  fps: number;
  width: number;
  height: number;
  boxes: readonly FaceBox[];
}

export interface EngineContext {
  /** A folder of this attempt only (created before, removed after; inputs are elsewhere): write outputs here. */
  workDir: string;
  /** Aborted when the job is canceled, times out or the process stops: stop work, reject. */
  signal: AbortSignal;
  /** 0-100, rising; the runner stores it (throttled) for GET /api/jobs/{id}. */
  progress(percent: number): void;
  /** ffmpeg and ffprobe as configured (FFMPEG_PATH, FFPROBE_PATH); espeak-ng (ESPEAK_NG_PATH; 'espeak-ng' when not given). */
  tools: { ffmpeg: string; ffprobe: string; espeak?: string };
}

/** A file the engine wrote in workDir. */
export interface EngineFile {
  path: string;
  mime: 'image/png' | 'image/jpeg' | 'image/webp' | 'video/mp4' | 'audio/mpeg';
}

export interface FaceInput {
  gender: Gender;
  /** Celebrity mode: three names (the same three in any order give the same face). */
  celebrities?: readonly [string, string, string];
  /** Prompt mode: free text (colour, hair, age and style words are read). */
  prompt?: string;
}

export interface FaceResult extends EngineFile {
  /** Words describing the face, kept as the face's face_prompt (spec §3). */
  facePrompt: string;
}

export interface ImageInput {
  gender: Gender;
  /** The chosen face picture. */
  facePath: string;
  /** The page's full prompt: the user's words, quality wording, pose modifier and face_prompt. */
  prompt: string;
}

export interface SwapImageInput {
  facePath: string;
  /** The template or the fetched outside picture. */
  targetPath: string;
  /** The template's known face box; absent for outside media (the engine guesses one). */
  faceBox?: FaceBox;
}

export interface SwapVideoInput {
  facePath: string;
  targetPath: string;
  /** The template's face track; absent for outside media (the engine guesses one). */
  faceTrack?: FaceTrack;
}

export type ClothCategory = 'tops' | 'bottoms' | 'one-pieces';

export interface ClothSwapInput {
  /** The user's generated image the garment goes on. */
  personPath: string;
  /** The uploaded garment photo (already checked: PNG, JPEG or WEBP within the caps). */
  garmentPath: string;
  category: ClothCategory;
}

export interface ImageToVideoInput {
  imagePath: string;
  /** Camera motion words: zoom in/out, pan left/right/up/down. */
  prompt: string;
}

export interface MusicInput {
  lyrics: string;
  songPath: string;
  voicePath?: string;
  instrumentalPath?: string;
}

export interface UpscaleInput {
  /** The user's own generated picture. */
  imagePath: string;
  scale: 2 | 4;
}

export interface TalkingInput {
  /** The user's face or image. */
  facePath: string;
  /** The voice upload or the user's song (its first 60 s are used); absent when `text` is spoken. */
  audioPath?: string;
  /** Typed text (1-500 characters), spoken first in the face's gender, or in `speech`. */
  text?: string;
  gender: Gender | null;
  /** A character's voice for the text (issue 44). */
  speech?: Speech;
}

/** An espeak-ng voice (a preset's, never a client's text), its pitch (-p, 0-99) and speed (-s, words per minute). */
export interface Speech {
  voice: string;
  pitch: number;
  speed: number;
}

/** What each capability's handler takes: a capability of the contract with no entry here does not compile. */
export interface HandlerInputs {
  face: FaceInput;
  image: ImageInput;
  swapImage: SwapImageInput;
  swapVideo: SwapVideoInput;
  clothSwap: ClothSwapInput;
  imageToVideo: ImageToVideoInput;
  music: MusicInput;
  upscale: UpscaleInput;
  talking: TalkingInput;
}

/** One capability's work: files in, a file out. */
export type Handler<C extends Capability> = (input: HandlerInputs[C], ctx: EngineContext) => Promise<C extends 'face' ? FaceResult : EngineFile>;

/** How long a pre-flight look-up may take before its service counts as unreachable (a warning). */
export const PREFLIGHT_TIMEOUT_MS = 10_000;

/** What the pre-flight found for one capability: a problem refuses it; a warning (not reachable now) does not. */
export interface CapabilityCheck {
  problems: string[];
  warnings: string[];
}

/**
 * One engine: a handler per capability it offers (engines/registry.ts checks at start that the
 * configured engine of each capability has one) and close(), called on shutdown.
 */
export type Engine = {
  /** 'local', 'comfyui', 'replicate': stored on the job and shown to the page. */
  readonly name: string;
  /** Stops what the engine keeps running (model processes, sockets); it may be used again after. */
  close?(): Promise<void>;
  /** Asks the service behind it whether it has what these capabilities need (engines/availability.ts). */
  preflight?(capabilities: readonly Capability[]): Promise<Partial<Record<Capability, CapabilityCheck>>>;
} & { readonly [C in Capability]?: Handler<C> };

/**
 * A failure the job may retry (a remote engine busy or unreachable). Any other error fails the
 * job at once; an input the engine cannot use should throw EngineInputError.
 */
export class TransientEngineError extends Error {
  override name = 'TransientEngineError';
}

/** The input cannot be used (not a picture with a person, a garment with no garment): shown to the user. */
export class EngineInputError extends Error {
  override name = 'EngineInputError';
}
