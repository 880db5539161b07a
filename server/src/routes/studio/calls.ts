// The studio's JSON generation calls (spec document 2 §7), each as one function from a checked body
// to the job it asks for. The single routes (index.ts) and POST /api/batches (routes/batches) both
// go through these, so an item of a batch is checked exactly as its single call is. Reading a body
// here stores nothing (link copies were made earlier by /download/), so a refusal leaves nothing behind.
// Issue 44: a body may name one of the user's characters (character_id: 404 for another user's or
// an unknown one); where the call needs a face and none is given, the character's face is used, and
// use_style: true adds its style words to the prompt. The job records the character.
import type { FastifyInstance } from 'fastify';
import { CHARACTER_MESSAGES } from '../../../../contract/characters.ts';
import type { CharacterForCall } from '../../characters/service.ts';
import type { Static, TSchema } from 'typebox';
import type { Capability } from '../../../../contract/capabilities.ts';
import { FacePromptBody, FaceSwapBody, ImagePromptBody, ImageToVideoBody, MAX_UPSCALED_SIDE, MenCelebrityFaceBody, STUDIO_MESSAGES, SwapImageBody, UpscaleBody } from '../../../../contract/studio.ts';
import { HttpError } from '../../http-error.ts';
import type { JobInput, MediaSource } from '../../jobs/kinds.ts';
import { userFilesOf } from '../../jobs/sources.ts';
import { consentForTarget } from './consent.ts';
import { registryCalls, type CallOf, type JsonCapability } from './options.ts';
import type { SubmitOptions } from './submit.ts';

/** The job a call's body asks for, and what submitting it needs besides. */
export interface PreparedJob {
  input: JobInput;
  options: SubmitOptions;
}

export interface JsonCall {
  path: string;
  capability: Capability;
  summary: string;
  body: TSchema;
  /** The call's own checks on a body its schema accepted (400 with the spec's alert, naming the field). */
  prepare(userId: string, body: unknown): Promise<PreparedJob>;
}

type Preparer<C extends Capability> = (app: FastifyInstance, call: CallOf<C>) => (userId: string, body: never, character: CharacterForCall | null) => Promise<PreparedJob>;

/** What every JSON body may carry besides its call's own fields (issue 44). */
interface CharacterFields {
  character_id?: string;
  use_style?: boolean;
}

/** The prompt with the character's style words when the body asked for them. */
function styled(prompt: string, character: CharacterForCall | null, body: CharacterFields): string {
  return body.use_style && character?.style ? `${prompt}, ${character.style}` : prompt;
}

/**
 * The face a call names (one of the user's gallery faces), or, when it names none, its character's
 * face; 400 with the spec's alert when there is neither.
 */
async function faceOrCharacters(app: FastifyInstance, userId: string, url: string | undefined, character: CharacterForCall | null, field: string): Promise<{ type: 'stored'; key: string; gender: 'male' | 'female' | null }> {
  if (!url?.trim() && character) return character.face;
  return app.jobs.sources.ownMedia(userId, url, ['face'], STUDIO_MESSAGES.face, field);
}

/** The character a body names (none for an absent or empty character_id); 400 for use_style without one. */
export async function characterOfBody(app: FastifyInstance, userId: string, body: CharacterFields): Promise<CharacterForCall | null> {
  const id = body.character_id?.trim();
  if (!id) {
    if (body.use_style) throw new HttpError(400, CHARACTER_MESSAGES.useStyle, 'use_style');
    return null;
  }
  return app.characters.service.forCall(userId, id);
}

/** A required text: trimmed, else 400 with the spec's alert. */
function required(value: string | undefined, message: string, field: string): string {
  const text = value?.trim() ?? '';
  if (!text) throw new HttpError(400, message, field);
  return text;
}

/** One per capability with JSON calls: the compiler refuses a new one without it. */
const PREPARERS: { [C in JsonCapability]: Preparer<C> } = {
  face: (_app, call) => {
    if (call.body === FacePromptBody) {
      return async (_userId, body: Static<typeof FacePromptBody>, character) => ({ input: { kind: 'face', gender: call.gender, prompt: styled(required(body.prompt, STUDIO_MESSAGES.prompt, 'prompt'), character, body) }, options: {} });
    }
    // The body is read by field name (celebrity1… or its men's twin mencelebrity1…).
    const prefix = call.body === MenCelebrityFaceBody ? 'mencelebrity' : 'celebrity';
    return async (_userId, body: Record<string, string | undefined>) => {
      const names = [1, 2, 3].map((i) => body[`${prefix}${i}`]?.trim() ?? '');
      if (names.some((n) => !n)) throw new HttpError(400, STUDIO_MESSAGES.celebrities, `${prefix}${names.findIndex((n) => !n) + 1}`);
      return { input: { kind: 'face', gender: call.gender, celebrities: names as [string, string, string] }, options: {} };
    };
  },
  image: (app, call) => async (userId, body: Static<typeof ImagePromptBody>, character) => {
    const prompt = styled(required(body.prompt, STUDIO_MESSAGES.imagePrompt, 'prompt'), character, body);
    const face: MediaSource = { type: 'stored', key: (await faceOrCharacters(app, userId, body.face_url, character, 'face_url')).key };
    return { input: { kind: 'image', gender: call.gender, face, prompt }, options: { files: userFilesOf(face) } };
  },
  swapImage: (app, call) => async (userId, body: Static<typeof SwapImageBody>, character) => {
    const face: MediaSource = { type: 'stored', key: (await faceOrCharacters(app, userId, body.face, character, 'face')).key };
    const linked = call.path.includes('link');
    const target = await app.jobs.sources.templateOrFetched(userId, body.image, 'image', linked ? STUDIO_MESSAGES.imageLink : STUDIO_MESSAGES.template, 'image');
    const consents = consentForTarget(target, body.consent, call.path, 'image');
    return { input: { kind: 'swapImage', gender: call.gender, face, target }, options: { files: userFilesOf(face, target), consents } };
  },
  swapVideo: (app, call) => async (userId, body: Static<typeof FaceSwapBody>, character) => {
    const found = await faceOrCharacters(app, userId, body.input_image_url, character, 'input_image_url');
    const face: MediaSource = { type: 'stored', key: found.key };
    const target = await app.jobs.sources.templateOrFetched(userId, body.target_video_url, 'video', STUDIO_MESSAGES.template, 'target_video_url');
    const consents = consentForTarget(target, body.consent, call.path, 'target_video_url');
    return { input: { kind: 'swapVideo', gender: found.gender, face, target }, options: { files: userFilesOf(face, target), consents } };
  },
  imageToVideo: (app) => async (userId, body: Static<typeof ImageToVideoBody>, character) => {
    const image = await app.jobs.sources.ownMedia(userId, body.input_image, ['image', 'cloth'], STUDIO_MESSAGES.imageToVideo, 'input_image');
    const prompt = styled(required(body.prompt, STUDIO_MESSAGES.imageToVideo, 'prompt'), character, body);
    return { input: { kind: 'imageToVideo', image: { type: 'stored', key: image.key }, prompt }, options: {} };
  },
  // Faces, images (earlier upscales among them) and cloth swaps: the user's own generated pictures.
  upscale: (app) => async (userId, body: Static<typeof UpscaleBody>) => {
    const image = await app.jobs.sources.ownMedia(userId, body.image_url, ['face', 'image', 'cloth'], STUDIO_MESSAGES.upscaleImage, 'image_url');
    if (body.scale === undefined) throw new HttpError(400, STUDIO_MESSAGES.upscaleScale, 'scale');
    const { width, height } = await app.jobs.sources.pictureSize(image.key);
    if (Math.max(width, height) * body.scale > MAX_UPSCALED_SIDE) throw new HttpError(400, STUDIO_MESSAGES.upscaleTooLarge, 'image_url');
    return { input: { kind: 'upscale', gender: image.gender, image: { type: 'stored', key: image.key }, scale: body.scale }, options: {} };
  },
};

/** Every JSON generation call of the capability registry, by its spec path, in declaration order. */
export function jsonCalls(app: FastifyInstance): Map<string, JsonCall> {
  const calls = new Map<string, JsonCall>();
  for (const { capability, call } of registryCalls()) {
    if (call.body === null) continue;
    const preparer = (PREPARERS as Partial<Record<Capability, Preparer<Capability>>>)[capability];
    if (!preparer) throw new Error(`No preparer for the JSON call ${call.path} (${capability})`);
    const prepareBody = preparer(app, call) as (userId: string, body: unknown, character: CharacterForCall | null) => Promise<PreparedJob>;
    // The character first: another user's or an unknown one refuses the call before anything else is read.
    const prepare = async (userId: string, body: unknown): Promise<PreparedJob> => {
      const character = await characterOfBody(app, userId, body as CharacterFields);
      const prepared = await prepareBody(userId, body, character);
      return { input: prepared.input, options: { ...prepared.options, characterId: character?.id ?? null } };
    };
    calls.set(call.path, { path: call.path, capability, summary: call.summary, body: call.body, prepare });
  }
  return calls;
}
