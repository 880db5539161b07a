import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { CAPABILITIES, type Capability } from '../../../../contract/capabilities.ts';
import { AcceptedResponse, FacePromptBody, MenCelebrityFaceBody, STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { HttpError } from '../../http-error.ts';
import downloads from './downloads.ts';
import gallery from './gallery.ts';
import uploads from './uploads.ts';
import { consentForTarget } from './consent.ts';
import { ownMedia, templateOrFetched, userFilesOf } from './sources.ts';
import { sameUserAsBody, studioGate, submitter } from './submit.ts';

const TAGS = ['studio'];
export const STUDIO_SECURITY = [{ bearer: [], securityKey: [] }];
const GENERATION_ERRORS = [400, 401, 403, 409, 422, 429] as const;

/** A required text: trimmed, else 400 with the spec's alert. */
function required(value: string | undefined, message: string, field: string): string {
  const text = value?.trim() ?? '';
  if (!text) throw new HttpError(400, message, field);
  return text;
}

/** The studio's generation calls (spec document 2 §7), each one job (ARCHITECTURE §4). */
const studio: FastifyPluginAsyncTypebox = async (app) => {
  // Spec §7: generation calls carry the security-key header (a marker of our client, not a boundary: ARCHITECTURE §3).
  for (const hook of studioGate(app, app.config.generation.securityKey)) app.addHook('onRequest', hook);
  app.addHook('preHandler', sameUserAsBody);
  const submit = submitter(app);
  /** A call's route options from its capability's descriptor: the gate's `needs`, the body and response schemas. */
  const generation = <C extends Capability, B extends TSchema>(needs: C, call: { summary: string; body: B }) => ({
    config: { needs },
    schema: { tags: TAGS, security: STUDIO_SECURITY, summary: call.summary, body: call.body, response: withErrors({ 200: CAPABILITIES[needs].response, 202: AcceptedResponse }, ...GENERATION_ERRORS) },
  });
  const { face, image, swapImage, swapVideo, imageToVideo } = CAPABILITIES;

  type FaceCall = (typeof face.calls)[number];
  const byPrompt = (call: FaceCall): call is Extract<FaceCall, { body: typeof FacePromptBody }> => call.body === FacePromptBody;
  for (const call of face.calls.filter((c) => !byPrompt(c))) {
    const prefix = call.body === MenCelebrityFaceBody ? 'mencelebrity' : 'celebrity';
    // The body is read by field name (celebrity1… or its men's twin mencelebrity1…).
    app.post(call.path, generation('face', call as { summary: string; body: TSchema }), async (request, reply) => {
      const body = request.body as Record<string, string | undefined>;
      const names = [1, 2, 3].map((i) => body[`${prefix}${i}`]?.trim() ?? '');
      if (names.some((n) => !n)) throw new HttpError(400, STUDIO_MESSAGES.celebrities, `${prefix}${names.findIndex((n) => !n) + 1}`);
      return submit(request, reply, { kind: 'face', gender: call.gender, celebrities: names as [string, string, string] });
    });
  }
  for (const call of face.calls.filter(byPrompt)) {
    app.post(call.path, generation('face', call), async (request, reply) =>
      submit(request, reply, { kind: 'face', gender: call.gender, prompt: required(request.body.prompt, STUDIO_MESSAGES.prompt, 'prompt') }),
    );
  }

  for (const call of image.calls) {
    app.post(call.path, generation('image', call), async (request, reply) => {
      const { id } = requireUser(request);
      const prompt = required(request.body.prompt, STUDIO_MESSAGES.imagePrompt, 'prompt');
      const face = await ownMedia(app, id, request.body.face_url, ['face'], STUDIO_MESSAGES.face, 'face_url');
      return submit(request, reply, { kind: 'image', gender: call.gender, face: { type: 'stored', key: face.key }, prompt });
    });
  }

  for (const call of swapImage.calls) {
    app.post(call.path, generation('swapImage', call), async (request, reply) => {
      const { id } = requireUser(request);
      const face = await ownMedia(app, id, request.body.face, ['face'], STUDIO_MESSAGES.face, 'face');
      const linked = call.path.includes('link');
      const target = await templateOrFetched(app, id, request.body.image, 'image', linked ? STUDIO_MESSAGES.imageLink : STUDIO_MESSAGES.template, 'image');
      const consents = consentForTarget(target, request.body.consent, call.path, 'image');
      return submit(request, reply, { kind: 'swapImage', gender: call.gender, face: { type: 'stored', key: face.key }, target }, { files: userFilesOf(target), keepFiles: true, consents });
    });
  }

  const [faceSwap] = swapVideo.calls;
  app.post(faceSwap.path, generation('swapVideo', faceSwap), async (request, reply) => {
    const { id } = requireUser(request);
    const face = await ownMedia(app, id, request.body.input_image_url, ['face'], STUDIO_MESSAGES.face, 'input_image_url');
    const target = await templateOrFetched(app, id, request.body.target_video_url, 'video', STUDIO_MESSAGES.template, 'target_video_url');
    const consents = consentForTarget(target, request.body.consent, faceSwap.path, 'target_video_url');
    return submit(request, reply, { kind: 'swapVideo', gender: face.gender, face: { type: 'stored', key: face.key }, target }, { files: userFilesOf(target), keepFiles: true, consents });
  });

  const [clip] = imageToVideo.calls;
  app.post(clip.path, generation('imageToVideo', clip), async (request, reply) => {
    const { id } = requireUser(request);
    const image = await ownMedia(app, id, request.body.input_image, ['image', 'cloth'], STUDIO_MESSAGES.imageToVideo, 'input_image');
    const prompt = required(request.body.prompt, STUDIO_MESSAGES.imageToVideo, 'prompt');
    return submit(request, reply, { kind: 'imageToVideo', image: { type: 'stored', key: image.key }, prompt });
  });

  await app.register(uploads, { submit });
  await app.register(downloads);
  await app.register(gallery);
};

export default studio;
