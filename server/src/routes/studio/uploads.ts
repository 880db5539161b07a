// The two multipart calls: /newclothchanger/ (garment picture) and /audio_mucic_creator/ (song,
// voice, instrumental). Files stream to a temporary folder while the body is parsed (so the
// user_id check sees every field), are checked by content, then copied into storage under
// uploads/ for the job, which deletes them when it is over.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withErrors } from '../../../../contract/common.ts';
import { AcceptedResponse, CLOTH_CATEGORIES, LYRICS_MAX, OutputImageResponse, OutputUrlResponse, STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { requireUser } from '../../auth/plugin.ts';
import { HttpError } from '../../http-error.ts';
import type { JobInput, MediaSource } from '../../jobs/kinds.ts';
import { checkAudioUpload, checkImageUpload, sizeLabel } from '../../uploads/checks.ts';
import { ownMedia } from './sources.ts';
import { GENERATION_RATE_PER_MINUTE, type submitter } from './submit.ts';

/** A garment picture may hold at most this many pixels (a small file can declare a huge picture). */
const MAX_GARMENT_PIXELS = 40_000_000;

interface UploadedFile {
  file: string;
  filename: string;
  bytes: number;
  /** Cut at the size limit: too large. */
  truncated: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    uploadDir?: string;
  }
}

const isUpload = (value: unknown): value is UploadedFile => typeof value === 'object' && value !== null && 'file' in value && 'truncated' in value;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const uploads: FastifyPluginAsync<{ submit: ReturnType<typeof submitter> }> = async (app, { submit }) => {
  const { uploadMaxBytes, audioMaxBytes, ffprobePath } = app.config.generation;

  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    // Over the limit a file is cut short and marked, and the handler says which file was too large.
    throwFileSizeLimit: false,
    limits: { fileSize: Math.max(uploadMaxBytes, audioMaxBytes) + 1, files: 3, fields: 10, fieldSize: 64 * 1024, parts: 13 },
    async onFile(this: FastifyRequest, part: MultipartFile & { value?: unknown }) {
      this.uploadDir ??= await mkdtemp(join(tmpdir(), 'persona-upload-'));
      const file = join(this.uploadDir, `${part.fieldname}-${randomBytes(4).toString('hex')}`);
      await pipeline(part.file, createWriteStream(file));
      part.value = { file, filename: part.filename, bytes: part.file.bytesRead, truncated: part.file.truncated } satisfies UploadedFile;
    },
  });
  app.addHook('onResponse', async (request) => {
    if (request.uploadDir) await rm(request.uploadDir, { recursive: true, force: true });
  });

  /** Copies a checked file into storage for the job. */
  const store = async (file: string, ext: string, mime: string): Promise<MediaSource> => {
    const key = `uploads/${randomBytes(16).toString('hex')}.${ext}`;
    await app.storage.put(key, file, mime);
    return { type: 'stored', key };
  };

  const bodyOf = (request: FastifyRequest): Record<string, unknown> => {
    if (!request.isMultipart()) throw new HttpError(415, 'Send this request as multipart/form-data.');
    return (request.body ?? {}) as Record<string, unknown>;
  };

  const route = (summary: string, ok: object) => ({
    config: { rateLimit: { max: GENERATION_RATE_PER_MINUTE, timeWindow: '1 minute' } },
    schema: { tags: ['studio'], security: [{ bearer: [], securityKey: [] }], summary, consumes: ['multipart/form-data'], response: withErrors({ 200: ok, 202: AcceptedResponse }, 400, 401, 403, 409, 413, 415, 422, 429) },
  });

  app.post('/newclothchanger/', route('The garment on a generated image (multipart: cloth_image, image_template, category)', OutputImageResponse), async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(request);
    const { id } = requireUser(request);
    const garment = body.cloth_image;
    if (!isUpload(garment) || garment.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.cloth, 'cloth_image');
    const person = await ownMedia(app, id, text(body.image_template), ['image', 'cloth'], STUDIO_MESSAGES.cloth, 'image_template');
    const category = text(body.category)?.trim() || 'tops';
    if (!(CLOTH_CATEGORIES as readonly string[]).includes(category)) throw new HttpError(400, STUDIO_MESSAGES.category, 'category');
    if (garment.truncated || garment.bytes > uploadMaxBytes) throw new HttpError(413, `Garment image is too large (max ${sizeLabel(uploadMaxBytes)}).`, 'cloth_image');
    const checked = await checkImageUpload(await readFile(garment.file), { maxBytes: uploadMaxBytes, maxPixels: MAX_GARMENT_PIXELS });
    const input: JobInput = {
      kind: 'clothSwap',
      person: { type: 'stored', key: person.key },
      garment: await store(garment.file, checked.ext, checked.mime),
      category: category as JobInput & { kind: 'clothSwap' } extends { category: infer C } ? C : never,
    };
    return submit(request, reply, input);
  });

  app.post('/audio_mucic_creator/', route('A song from lyrics and audio (multipart: lyrics, song_file, voice_file, instrumental_file)', OutputUrlResponse), async (request: FastifyRequest, reply: FastifyReply) => {
    const body = bodyOf(request);
    requireUser(request);
    const lyrics = text(body.lyrics)?.trim() ?? '';
    if (!lyrics) throw new HttpError(400, STUDIO_MESSAGES.lyrics, 'lyrics');
    if ([...lyrics].length > LYRICS_MAX) throw new HttpError(400, STUDIO_MESSAGES.lyricsTooLong, 'lyrics');
    const files = { song_file: 'Song file', voice_file: 'Voice file', instrumental_file: 'Instrumental file' } as const;
    if (!isUpload(body.song_file) || body.song_file.bytes === 0) throw new HttpError(400, STUDIO_MESSAGES.song, 'song_file');
    const sources: Partial<Record<keyof typeof files, MediaSource>> = {};
    for (const [field, label] of Object.entries(files) as [keyof typeof files, (typeof files)[keyof typeof files]][]) {
      const upload = body[field];
      if (!isUpload(upload) || upload.bytes === 0) continue;
      if (upload.truncated || upload.bytes > audioMaxBytes) throw new HttpError(413, `${label} is too large (max ${sizeLabel(audioMaxBytes)}).`, field);
      const checked = await checkAudioUpload(upload.file, { maxBytes: audioMaxBytes, ffprobePath, minSeconds: 15, label });
      sources[field] = await store(upload.file, checked.ext, checked.mime);
    }
    return submit(request, reply, { kind: 'music', lyrics, song: sources.song_file!, voice: sources.voice_file, instrumental: sources.instrumental_file });
  });
};

export default uploads;
