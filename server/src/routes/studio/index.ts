import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import {
  AcceptedResponse, CelebrityFaceBody, FacePromptBody, FaceResponse, FaceSwapBody, ImagePromptBody, ImageToVideoBody, MenCelebrityFaceBody,
  OutputUrlResponse, ResultImageResponse, STUDIO_MESSAGES, SwapImageBody, VideoUrlResponse,
} from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { HttpError } from '../../http-error.ts';
import type { JobKind } from '../../jobs/kinds.ts';
import downloads from './downloads.ts';
import gallery from './gallery.ts';
import uploads from './uploads.ts';
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
  const generation = <B extends TSchema, R extends TSchema>(needs: JobKind, summary: string, body: B, ok: R) => ({
    config: { needs },
    schema: { tags: TAGS, security: STUDIO_SECURITY, summary, body, response: withErrors({ 200: ok, 202: AcceptedResponse }, ...GENERATION_ERRORS) },
  });

  for (const [path, gender] of [['/generate_face_c/', 'female'], ['/generate_face_c_men/', 'male']] as const) {
    const prefix = gender === 'male' ? 'mencelebrity' : 'celebrity';
    app.post(path, generation('face', `Face from three celebrity names (${gender})`, gender === 'male' ? MenCelebrityFaceBody : CelebrityFaceBody, FaceResponse), async (request, reply) => {
      const body = request.body as Record<string, string | undefined>;
      const names = [1, 2, 3].map((i) => body[`${prefix}${i}`]?.trim() ?? '');
      if (names.some((n) => !n)) throw new HttpError(400, STUDIO_MESSAGES.celebrities, `${prefix}${names.findIndex((n) => !n) + 1}`);
      return submit(request, reply, { kind: 'face', gender, celebrities: names as [string, string, string] });
    });
  }

  for (const [path, gender] of [['/generate-face-prompt/', 'female'], ['/generate_face_prompt_men/', 'male']] as const) {
    app.post(path, generation('face', `Face from a prompt (${gender})`, FacePromptBody, FaceResponse), async (request, reply) =>
      submit(request, reply, { kind: 'face', gender, prompt: required(request.body.prompt, STUDIO_MESSAGES.prompt, 'prompt') }),
    );
  }

  for (const [path, gender] of [['/generate-image-prompt/', 'female'], ['/generate-image-prompt-men/', 'male']] as const) {
    app.post(path, generation('image', `Image of a face from a prompt (${gender})`, ImagePromptBody, OutputUrlResponse), async (request, reply) => {
      const { id } = requireUser(request);
      const prompt = required(request.body.prompt, STUDIO_MESSAGES.imagePrompt, 'prompt');
      const face = await ownMedia(app, id, request.body.face_url, ['face'], STUDIO_MESSAGES.face, 'face_url');
      return submit(request, reply, { kind: 'image', gender, face: { type: 'stored', key: face.key }, prompt });
    });
  }

  for (const [path, gender] of [['/generate-image-temp/', 'female'], ['/generate-image-temp-link-men/', 'male'], ['/generate-image-temp-template-men/', 'male']] as const) {
    app.post(path, generation('swapImage', `The face on a template or linked picture (${gender})`, SwapImageBody, ResultImageResponse), async (request, reply) => {
      const { id } = requireUser(request);
      const face = await ownMedia(app, id, request.body.face, ['face'], STUDIO_MESSAGES.face, 'face');
      const linked = path.includes('link');
      const target = await templateOrFetched(app, id, request.body.image, 'image', linked ? STUDIO_MESSAGES.imageLink : STUDIO_MESSAGES.template, 'image');
      return submit(request, reply, { kind: 'swapImage', gender, face: { type: 'stored', key: face.key }, target }, { files: userFilesOf(target), keepFiles: true });
    });
  }

  app.post('/face-swap/', generation('swapVideo', 'The face on a template or linked video', FaceSwapBody, VideoUrlResponse), async (request, reply) => {
    const { id } = requireUser(request);
    const face = await ownMedia(app, id, request.body.input_image_url, ['face'], STUDIO_MESSAGES.face, 'input_image_url');
    const target = await templateOrFetched(app, id, request.body.target_video_url, 'video', STUDIO_MESSAGES.template, 'target_video_url');
    return submit(request, reply, { kind: 'swapVideo', gender: face.gender, face: { type: 'stored', key: face.key }, target }, { files: userFilesOf(target), keepFiles: true });
  });

  app.post('/imagetovideos/', generation('imageToVideo', 'A 5 s clip from a generated image', ImageToVideoBody, OutputUrlResponse), async (request, reply) => {
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
