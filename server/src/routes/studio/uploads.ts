// The multipart calls: /newclothchanger/ (garment picture), /audio_mucic_creator/ (song, voice,
// instrumental) and /talking/ (a face and one of a voice file, the user's song or text). The studio gate has checked the token, the security key, the plan and the
// allowance before the body is read. Files then stream to a temporary folder while the body is
// parsed (so the user_id check sees every field), and every field and file is checked by content;
// a file part is taken only under a name the capability declares, and is written under a random
// name (issue 40: a part's name once became a path);
// only then does the upload service copy them into storage as the user's uploads (not for a replay of
// an earlier request), which the job deletes when it is over and a refusal deletes at once. The
// garment photo and a voice file may show or sound like a real person: they need consent (issue 26),
// asked after the spec's checks and recorded with the job (the upload's key and SHA-256). Each route
// is a multipart call of the capability registry, with the route options of options.ts.
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Capability } from '../../../../contract/capabilities.ts';
import { CLOTH_CATEGORIES, LYRICS_MAX, STUDIO_MESSAGES, TALK_MAX_SECONDS, TALK_MIN_SECONDS, TALK_TEXT_MAX } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';

import { HttpError } from '../../http-error.ts';
import { sha256File } from '../../media/sha256.ts';
import type { JobInput, JobKind, MediaSource } from '../../jobs/kinds.ts';
import { checkAudioUpload, checkImageUpload, sizeLabel } from '../../uploads/checks.ts';
import { textField } from '../../uploads/fields.ts';
import { isUpload, registerFileParts } from '../../uploads/multipart.ts';
import type { CheckedUpload } from '../../uploads/service.ts';
import type { CharacterForCall } from '../../characters/service.ts';
import { userFilesOf } from '../../jobs/sources.ts';
import { characterOfBody } from './calls.ts';
import { requireConsent } from './consent.ts';
import { multipartRoute, registryCalls, type MultipartCapability } from './options.ts';
import { idempotencyKeyOf, requestHashOf, servedEngine, type submitter } from './submit.ts';

/** A garment picture may hold at most this many pixels (a small file can declare a huge picture). */
const MAX_GARMENT_PIXELS = 40_000_000;

/** The request's fields with each file as the SHA-256 of its bytes: what an Idempotency-Key replay must repeat. */
async function hashOfMultipart(request: FastifyRequest, body: Record<string, unknown>): Promise<string> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) fields[name] = isUpload(value) ? { sha256: await sha256File(value.file), bytes: value.bytes } : value;
  return requestHashOf(request, fields);
}

const uploads: FastifyPluginAsync<{ submit: ReturnType<typeof submitter> }> = async (app, { submit }) => {
  const { uploadMaxBytes, audioMaxBytes, ffprobePath } = app.config.generation;

  await registerFileParts(app, { maxFileBytes: Math.max(uploadMaxBytes, audioMaxBytes), files: 3, fields: 10 });

  /**
   * Everything is checked: the job of the uploads (`build` makes its input from their sources), or
   * the one an earlier request with its Idempotency-Key made (the upload service stores nothing then).
   */
  async function submitWithFiles<F extends string>(
    request: FastifyRequest, reply: FastifyReply, kind: JobKind, uploads: Partial<Record<F, CheckedUpload>>, build: (sources: Partial<Record<F, MediaSource>>) => JobInput,
    /** The fields whose upload the user gave consent for (already required by the route). */
    consented: readonly NoInfer<F>[] = [],
    /** The character the call named (issue 44), and the user's files of it the job reads. */
    character: { id: string; files: readonly string[] } | null = null,
  ) {
    const made = await app.jobs.uploads.createJob({
      userId: requireUser(request).id, kind, engine: servedEngine(app, kind), idempotencyKey: idempotencyKeyOf(request),
      requestHash: await hashOfMultipart(request, bodyOf(request)), uploads, consented, build, characterId: character?.id ?? null, files: character?.files ?? [],
    });
    return submit.answerMade(request, reply, made);
  }

  const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send this request as multipart/form-data.');
    return (request.body ?? {}) as Record<string, unknown>;
  };

  /** The character the body's character_id names (issue 44), checked before anything else: 404 for another user's. */
  const characterOf = (request: FastifyRequest, body: Record<string, unknown>) =>
    characterOfBody(app, requireUser(request).id, { character_id: textField(body.character_id, 'character_id') });
  const tag = (character: CharacterForCall | null, ...sources: (MediaSource | undefined)[]) => (character ? { id: character.id, files: userFilesOf(...sources) } : null);

  type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** One per capability with a multipart call: the compiler refuses a new one without it. */
  const handlers: { [C in MultipartCapability]: Handler } = {
    clothSwap: async (request, reply) => {
      const body = bodyOf(request);
      const { id } = requireUser(request);
      const character = await characterOf(request, body);
      const garment = body.cloth_image;
      if (!isUpload(garment) || garment.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.cloth, 'cloth_image');
      const person = await app.jobs.sources.ownMedia(id, textField(body.image_template, 'image_template'), ['image', 'cloth'], STUDIO_MESSAGES.cloth, 'image_template');
      const category = textField(body.category, 'category')?.trim() || 'tops';
      if (!(CLOTH_CATEGORIES as readonly string[]).includes(category)) throw new HttpError(400, STUDIO_MESSAGES.category, 'category');
      if (garment.truncated || garment.bytes > uploadMaxBytes) throw new HttpError(413, `Garment image is too large (max ${sizeLabel(uploadMaxBytes)}).`, 'cloth_image');
      const checked = await checkImageUpload(await readFile(garment.file), { maxBytes: uploadMaxBytes, maxPixels: MAX_GARMENT_PIXELS });
      // A garment photo often shows a model.
      requireConsent(body.consent);
      return submitWithFiles(request, reply, 'clothSwap', { cloth_image: { file: garment.file, ...checked } }, (sources) => ({
        kind: 'clothSwap',
        person: { type: 'stored', key: person.key },
        garment: sources.cloth_image!,
        category: category as JobInput & { kind: 'clothSwap' } extends { category: infer C } ? C : never,
      }), ['cloth_image'], tag(character));
    },

    music: async (request, reply) => {
      const body = bodyOf(request);
      const character = await characterOf(request, body);
      const lyrics = textField(body.lyrics, 'lyrics')?.trim() ?? '';
      if (!lyrics) throw new HttpError(400, STUDIO_MESSAGES.lyrics, 'lyrics');
      if ([...lyrics].length > LYRICS_MAX) throw new HttpError(400, STUDIO_MESSAGES.lyricsTooLong, 'lyrics');
      const files = { song_file: 'Song file', voice_file: 'Voice file', instrumental_file: 'Instrumental file' } as const;
      if (!isUpload(body.song_file) || body.song_file.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.song, 'song_file');
      const checked: Partial<Record<keyof typeof files, CheckedUpload>> = {};
      for (const [field, label] of Object.entries(files) as [keyof typeof files, (typeof files)[keyof typeof files]][]) {
        const upload = body[field];
        if (!isUpload(upload) || upload.bytes === 0) continue;
        if (upload.truncated || upload.bytes > audioMaxBytes) throw new HttpError(413, `${label} is too large (max ${sizeLabel(audioMaxBytes)}).`, field);
        const { ext, mime } = await checkAudioUpload(upload.file, { maxBytes: audioMaxBytes, ffprobePath, minSeconds: 15, label });
        checked[field] = { file: upload.file, ext, mime };
      }
      // The song is a style reference only; a voice is a person's.
      if (checked.voice_file) requireConsent(body.consent);
      return submitWithFiles(request, reply, 'music', checked, (sources) => ({ kind: 'music', lyrics, song: sources.song_file!, voice: sources.voice_file, instrumental: sources.instrumental_file }), ['voice_file'], tag(character));
    },

    // Issue 32: the face speaks a voice file (1-60 s), the user's own song (its first minute) or typed text.
    // Issue 44: with a character, its face when none is given, its preset voice for typed text, and
    // its voice sample when no audio, song or text is given.
    talking: async (request, reply) => {
      const body = bodyOf(request);
      const { id } = requireUser(request);
      const character = await characterOf(request, body);
      const faceUrl = textField(body.face_url, 'face_url');
      const face = !faceUrl?.trim() && character ? character.face : await app.jobs.sources.ownMedia(id, faceUrl, ['face', 'image'], STUDIO_MESSAGES.talkingFace, 'face_url');
      const upload = isUpload(body.audio_file) && body.audio_file.bytes > 0 ? body.audio_file : undefined;
      const songUrl = textField(body.audio_url, 'audio_url')?.trim() || undefined;
      const words = textField(body.text, 'text')?.trim() || undefined;
      const given = [upload, songUrl, words].filter((g) => g !== undefined).length;
      const base = { kind: 'talking', gender: face.gender ?? character?.gender ?? null, face: { type: 'stored', key: face.key } } as const;
      if (given === 0 && character?.sample) {
        const sample = character.sample;
        return submitWithFiles(request, reply, 'talking', {}, () => ({ ...base, voice: sample }), [], tag(character, base.face, sample));
      }
      if (given !== 1) throw new HttpError(400, STUDIO_MESSAGES.talkingOneInput, 'audio_file');
      if (words !== undefined) {
        if ([...words].length > TALK_TEXT_MAX) throw new HttpError(400, STUDIO_MESSAGES.talkingText, 'text');
        // The character's preset voice (from the preset table, never the client's text) speaks it.
        return submitWithFiles(request, reply, 'talking', {}, () => ({ ...base, text: words, ...(character ? { speech: character.speech } : {}) }), [], tag(character, base.face));
      }
      if (songUrl !== undefined) {
        const song = await app.jobs.sources.ownMedia(id, songUrl, ['audio'], STUDIO_MESSAGES.talkingSong, 'audio_url');
        return submitWithFiles(request, reply, 'talking', {}, () => ({ ...base, song: { type: 'stored', key: song.key } }), [], tag(character, base.face));
      }
      const voice = upload!;
      if (voice.truncated || voice.bytes > audioMaxBytes) throw new HttpError(413, `Audio file is too large (max ${sizeLabel(audioMaxBytes)}).`, 'audio_file');
      const { ext, mime, durationS } = await checkAudioUpload(voice.file, { maxBytes: audioMaxBytes, ffprobePath, minSeconds: 0, label: 'Audio file', field: 'audio_file' });
      if (durationS < TALK_MIN_SECONDS) throw new HttpError(400, STUDIO_MESSAGES.talkingTooShort, 'audio_file');
      if (durationS > TALK_MAX_SECONDS) throw new HttpError(400, STUDIO_MESSAGES.talkingTooLong, 'audio_file');
      // The voice may be a real person's.
      requireConsent(body.consent);
      return submitWithFiles(request, reply, 'talking', { audio_file: { file: voice.file, ext, mime } }, (sources) => ({ ...base, voice: sources.audio_file! }), ['audio_file'], tag(character, base.face));
    },
  };

  for (const { capability, call } of registryCalls()) {
    if (call.body !== null) continue;
    const handler = (handlers as Partial<Record<Capability, Handler>>)[capability];
    if (!handler) throw new Error(`No handler for the multipart call ${call.path} (${capability})`);
    app.post(call.path, multipartRoute(capability, call), handler);
  }
};

export default uploads;
