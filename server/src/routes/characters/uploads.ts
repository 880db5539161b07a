// POST /api/characters/uploads: one file part, `portrait` or `voice_sample`, and consent=true. The
// part streams to a temporary file under a random name (uploads/multipart.ts); the characters
// service checks it by content and stores it as the user's upload, or refuses it storing nothing.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CHARACTER_UPLOAD_FIELDS, CharacterUpload } from '../../../../contract/characters.ts';
import { withErrors } from '../../../../contract/common.ts';
import { requireUser } from '../../auth/plugin.ts';
import { HttpError } from '../../http-error.ts';
import { isUpload, registerFileParts } from '../../uploads/multipart.ts';

/** Uploads per user per minute (each is kept a day even when no character names it). */
const UPLOADS_PER_MINUTE = 30;

const uploads: FastifyPluginAsyncTypebox = async (app) => {
  const { uploadMaxBytes, audioMaxBytes } = app.config.generation;
  await registerFileParts(app, { maxFileBytes: Math.max(uploadMaxBytes, audioMaxBytes), files: 2, fields: 3 });
  const rate = app.rateLimit({ max: UPLOADS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `character-upload:${request.user?.id ?? request.ip}` });

  app.post(
    '/characters/uploads',
    {
      config: { fileFields: CHARACTER_UPLOAD_FIELDS },
      // After the token (the plugin's onRequest), before the body is read.
      onRequest: async (request, reply) => rate.call(app, request, reply),
      schema: {
        tags: ['characters'], security: [{ bearer: [] }], consumes: ['multipart/form-data'],
        summary: 'Upload a portrait (PNG, JPEG or WEBP) or a voice sample (WAV or MP3, 1-60 s) for a character, with consent=true',
        response: withErrors({ 201: CharacterUpload }, 400, 401, 413, 415, 429),
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new HttpError(415, 'Send this request as multipart/form-data.');
      const body = (request.body ?? {}) as Record<string, unknown>;
      const given = CHARACTER_UPLOAD_FIELDS.filter((field) => isUpload(body[field]) && (body[field] as { bytes: number }).bytes > 0);
      if (given.length !== 1) throw new HttpError(400, 'Send one file: a portrait or a voice sample.', 'portrait');
      const field = given[0]!;
      const upload = body[field] as { file: string; bytes: number; truncated: boolean };
      const answer = await app.characters.service.upload(requireUser(request).id, { field, ...upload }, body.consent);
      return reply.code(201).send(answer);
    },
  );
};

export default uploads;
