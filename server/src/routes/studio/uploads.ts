// The multipart calls: /newclothchanger/ (garment picture), /audio_mucic_creator/ (song, voice,
// instrumental) and /talking/ (a face and one of a voice file, the user's song or text). The studio gate has checked the token, the security key, the plan and the
// allowance before the body is read. Files then stream to a temporary folder while the body is
// parsed (so the user_id check sees every field), and every field and file is checked by content;
// a file part is taken only under a name the capability declares, and is written under a random
// name (issue 40: a part's name once became a path);
// only then (and not for a replay of an earlier request) are they copied into storage as the user's
// uploads, which the job deletes when it is over and a refusal deletes at once. The garment photo and
// a voice file may show or sound like a real person: they need consent (issue 26), asked after the
// spec's checks and recorded with the job (the upload's key and SHA-256).
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { CAPABILITIES } from '../../../../contract/capabilities.ts';
import { AcceptedResponse, CLOTH_CATEGORIES, LYRICS_MAX, STUDIO_MESSAGES, TALK_MAX_SECONDS, TALK_MIN_SECONDS, TALK_TEXT_MAX } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';

import { HttpError } from '../../http-error.ts';
import { sha256File } from '../../media/sha256.ts';
import type { JobInput, JobKind, MediaSource } from '../../jobs/kinds.ts';
import type { ConsentClaim } from '../../jobs/service.ts';
import { checkAudioUpload, checkImageUpload, sizeLabel } from '../../uploads/checks.ts';
import { textField, unexpectedFileField } from '../../uploads/fields.ts';
import { requireConsent } from './consent.ts';
import { ownMedia } from './sources.ts';
import { idempotencyKeyOf, requestHashOf, type submitter } from './submit.ts';
import { isoAt } from '../../time.ts';

/** A garment picture may hold at most this many pixels (a small file can declare a huge picture). */
const MAX_GARMENT_PIXELS = 40_000_000;

interface UploadedFile {
  file: string;
  bytes: number;
  /** Cut at the size limit: too large. */
  truncated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadDir?: string;
  }
  interface FastifyContextConfig {
    /** A multipart route's file parts (from its capability's call); any other file part is refused. */
    fileFields?: readonly string[];
  }
}

/** A checked upload, not yet in storage. */
interface CheckedFile {
  file: string;
  ext: string;
  mime: string;
}

const isUpload = (value: unknown): value is UploadedFile => typeof value === 'object' && value !== null && 'file' in value && 'truncated' in value;

/** The request's fields with each file as the SHA-256 of its bytes: what an Idempotency-Key replay must repeat. */
async function hashOfMultipart(request: FastifyRequest, body: Record<string, unknown>): Promise<string> {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) fields[name] = isUpload(value) ? { sha256: await sha256File(value.file), bytes: value.bytes } : value;
  return requestHashOf(request, fields);
}

const uploads: FastifyPluginAsync<{ submit: ReturnType<typeof submitter> }> = async (app, { submit }) => {
  const { uploadMaxBytes, audioMaxBytes, ffprobePath } = app.config.generation;

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Over the limit a file is cut short and marked, and the handler says which file was too large.
    throwFileSizeLimit: false,
    limits: { fileSize: Math.max(uploadMaxBytes, audioMaxBytes) + 1, files: 3, fields: 10, fieldSize: 64 * 1024, parts: 13 },
    async onFile(this: FastifyRequest, part: MultipartFile & { value?: unknown }) {
      if (!this.routeOptions.config.fileFields?.includes(part.fieldname)) {
        // Drained unread: not a byte of it is written anywhere.
        part.file.resume();
        throw unexpectedFileField(part.fieldname);
      }
      this.uploadDir ??= await mkdtemp(join(tmpdir(), 'persona-upload-'));
      // A random name only: the client's part name and filename never reach the file system.
      const file = join(this.uploadDir, randomBytes(16).toString('hex'));
      await pipeline(part.file, createWriteStream(file, { mode: 0o600 }));
      part.value = { file, bytes: part.file.bytesRead, truncated: part.file.truncated } satisfies UploadedFile;
    },
  });
  app.addHook('onResponse', async (request) => {
    if (request.uploadDir) await rm(request.uploadDir, { recursive: true, force: true });
  });

  /**
   * Everything is checked: a replay of an earlier request is answered with its job (nothing stored);
   * otherwise the files go into storage as the user's uploads and the job is made from them
   * (`build`), the uploads deleted again if the job is refused.
   */
  async function submitWithFiles<F extends string>(
    request: FastifyRequest, reply: FastifyReply, kind: JobKind, checked: Partial<Record<F, CheckedFile>>, build: (sources: Partial<Record<F, MediaSource>>) => JobInput,
    /** The fields whose upload the user gave consent for (already required by the route). */
    consented: readonly NoInfer<F>[] = [],
  ) {
    const { id } = requireUser(request);
    const requestHash = await hashOfMultipart(request, bodyOf(request));
    const replay = await app.jobs.service.replayOf(id, idempotencyKeyOf(request), kind, requestHash);
    if (replay) return submit.answer(request, reply, replay);
    const sources: Partial<Record<F, MediaSource>> = {};
    const keys: string[] = [];
    try {
      for (const [field, file] of Object.entries(checked) as [F, CheckedFile][]) {
        const key = await app.jobs.files.put(id, 'upload', file.file, file.ext, file.mime, isoAt(app.now()));
        keys.push(key);
        sources[field] = { type: 'stored', key };
      }
    } catch (err) {
      await app.jobs.files.discard(keys);
      throw err;
    }
    const consents: ConsentClaim[] = [];
    for (const field of consented) {
      const file = checked[field];
      const source = sources[field];
      if (file && source?.type === 'stored') consents.push({ call: CAPABILITIES[kind].calls[0].path, field, link_url: null, storage_key: source.key, sha256: await sha256File(file.file) });
    }
    return submit(request, reply, build(sources), { requestHash, files: keys, consents });
  }

  const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send this request as multipart/form-data.');
    return (request.body ?? {}) as Record<string, unknown>;
  };

  /** The capability's one call (path, summary, response) from its descriptor. */
  const route = (needs: 'clothSwap' | 'music' | 'talking') => {
    const [{ path, summary, files }] = CAPABILITIES[needs].calls;
    const options = {
      config: { needs, fileFields: files },
      schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary, consumes: ['multipart/form-data'], response: withErrors({ 200: CAPABILITIES[needs].response, 202: AcceptedResponse }, 400, 401, 403, 409, 413, 415, 422, 429, 503) },
    };
    return [path, options] as const;
  };

  app.post(...route('clothSwap'), async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(request);
    const { id } = requireUser(request);
    const garment = body.cloth_image;
    if (!isUpload(garment) || garment.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.cloth, 'cloth_image');
    const person = await ownMedia(app, id, textField(body.image_template, 'image_template'), ['image', 'cloth'], STUDIO_MESSAGES.cloth, 'image_template');
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
    }), ['cloth_image']);
  });

  app.post(...route('music'), async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(request);
    requireUser(request);
    const lyrics = textField(body.lyrics, 'lyrics')?.trim() ?? '';
    if (!lyrics) throw new HttpError(400, STUDIO_MESSAGES.lyrics, 'lyrics');
    if ([...lyrics].length > LYRICS_MAX) throw new HttpError(400, STUDIO_MESSAGES.lyricsTooLong, 'lyrics');
    const files = { song_file: 'Song file', voice_file: 'Voice file', instrumental_file: 'Instrumental file' } as const;
    if (!isUpload(body.song_file) || body.song_file.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.song, 'song_file');
    const checked: Partial<Record<keyof typeof files, CheckedFile>> = {};
    for (const [field, label] of Object.entries(files) as [keyof typeof files, (typeof files)[keyof typeof files]][]) {
      const upload = body[field];
      if (!isUpload(upload) || upload.bytes === 0) continue;
      if (upload.truncated || upload.bytes > audioMaxBytes) throw new HttpError(413, `${label} is too large (max ${sizeLabel(audioMaxBytes)}).`, field);
      const { ext, mime } = await checkAudioUpload(upload.file, { maxBytes: audioMaxBytes, ffprobePath, minSeconds: 15, label });
      checked[field] = { file: upload.file, ext, mime };
    }
    // The song is a style reference only; a voice is a person's.
    if (checked.voice_file) requireConsent(body.consent);
    return submitWithFiles(request, reply, 'music', checked, (sources) => ({ kind: 'music', lyrics, song: sources.song_file!, voice: sources.voice_file, instrumental: sources.instrumental_file }), ['voice_file']);
  });

  // Issue 32: the face speaks a voice file (1-60 s), the user's own song (its first minute) or typed text.
  app.post(...route('talking'), async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(request);
    const { id } = requireUser(request);
    const face = await ownMedia(app, id, textField(body.face_url, 'face_url'), ['face', 'image'], STUDIO_MESSAGES.talkingFace, 'face_url');
    const upload = isUpload(body.audio_file) && body.audio_file.bytes > 0 ? body.audio_file : undefined;
    const songUrl = textField(body.audio_url, 'audio_url')?.trim() || undefined;
    const words = textField(body.text, 'text')?.trim() || undefined;
    if ([upload, songUrl, words].filter((given) => given !== undefined).length !== 1) throw new HttpError(400, STUDIO_MESSAGES.talkingOneInput, 'audio_file');
    const base = { kind: 'talking', gender: face.gender, face: { type: 'stored', key: face.key } } as const;
    if (words !== undefined) {
      if ([...words].length > TALK_TEXT_MAX) throw new HttpError(400, STUDIO_MESSAGES.talkingText, 'text');
      return submitWithFiles(request, reply, 'talking', {}, () => ({ ...base, text: words }));
    }
    if (songUrl !== undefined) {
      const song = await ownMedia(app, id, songUrl, ['audio'], STUDIO_MESSAGES.talkingSong, 'audio_url');
      return submitWithFiles(request, reply, 'talking', {}, () => ({ ...base, song: { type: 'stored', key: song.key } }));
    }
    const voice = upload!;
    if (voice.truncated || voice.bytes > audioMaxBytes) throw new HttpError(413, `Audio file is too large (max ${sizeLabel(audioMaxBytes)}).`, 'audio_file');
    const { ext, mime, durationS } = await checkAudioUpload(voice.file, { maxBytes: audioMaxBytes, ffprobePath, minSeconds: 0, label: 'Audio file', field: 'audio_file' });
    if (durationS < TALK_MIN_SECONDS) throw new HttpError(400, STUDIO_MESSAGES.talkingTooShort, 'audio_file');
    if (durationS > TALK_MAX_SECONDS) throw new HttpError(400, STUDIO_MESSAGES.talkingTooLong, 'audio_file');
    // The voice may be a real person's.
    requireConsent(body.consent);
    return submitWithFiles(request, reply, 'talking', { audio_file: { file: voice.file, ext, mime } }, (sources) => ({ ...base, voice: sources.audio_file! }), ['audio_file']);
  });
};

export default uploads;
