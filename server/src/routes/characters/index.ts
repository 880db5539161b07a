// Characters (issue 44): GET/POST /api/characters, GET/PATCH/DELETE /api/characters/{id}, the
// portrait and voice-sample uploads and the preset voices' "Hear it" preview (PATCH /api/media/{id},
// moving a gallery item to another character, is in routes/media). Signed-in users and their API keys, on
// their own characters only (another user's is as absent as a missing one: 404). No plan is
// needed: a character stores nothing generated; what is made with it passes the studio's gate.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  Character, CharacterIdParams, CharacterList, CreateCharacterBody, DeleteCharacterQuery, UpdateCharacterBody, VoicePreviewBody,
} from '../../../../contract/characters.ts';
import { withErrors } from '../../../../contract/common.ts';
import { requireUser } from '../../auth/plugin.ts';
import { acceptApiKeys } from '../../developer/keys.ts';
import uploads from './uploads.ts';

const TAGS = ['characters'];
const security = [{ bearer: [] }];
/** "Hear it" previews per user per minute: espeak-ng is quick, not free. */
const PREVIEWS_PER_MINUTE = 30;

const characters: FastifyPluginAsyncTypebox = async (app) => {
  acceptApiKeys(app);
  // onRequest: the caller is known before a body (an upload) is read.
  app.addHook('onRequest', app.authenticate);
  const { service } = app.characters;

  app.get(
    '/characters',
    { schema: { tags: TAGS, security, summary: "The caller's characters, last activity first, and the preset voices", response: withErrors({ 200: CharacterList }, 401) } },
    async (request) => service.list(requireUser(request).id),
  );

  app.post(
    '/characters',
    { schema: { tags: TAGS, security, summary: 'Create a character (its face one of your gallery faces or images, or an uploaded portrait)', body: CreateCharacterBody, response: withErrors({ 201: Character }, 400, 401, 409) } },
    async (request, reply) => reply.code(201).send(await service.create(requireUser(request).id, request.body)),
  );

  app.get(
    '/characters/:id',
    { schema: { tags: TAGS, security, summary: 'A character: face, bio, style, voice, counts of its gallery items', params: CharacterIdParams, response: withErrors({ 200: Character }, 401, 404) } },
    async (request) => service.get(requireUser(request).id, request.params.id),
  );

  app.patch(
    '/characters/:id',
    { schema: { tags: TAGS, security, summary: 'Change a character (only the fields sent)', params: CharacterIdParams, body: UpdateCharacterBody, response: withErrors({ 200: Character }, 400, 401, 404, 409) } },
    async (request) => service.update(requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/characters/:id',
    {
      schema: {
        tags: TAGS, security, summary: 'Delete a character: its gallery items stay with no character, or go with it (delete_outputs=true)',
        params: CharacterIdParams, querystring: DeleteCharacterQuery, response: withErrors({ 204: Type.Null() }, 400, 401, 404),
      },
    },
    async (request, reply) => {
      await service.remove(requireUser(request).id, request.params.id, request.query.delete_outputs ?? false);
      return reply.code(204).send(null);
    },
  );

  const rate = app.rateLimit({ max: PREVIEWS_PER_MINUTE, timeWindow: '1 minute', keyGenerator: (request) => `voice-preview:${request.user?.id ?? request.ip}` });
  app.post(
    '/characters/voice-preview',
    {
      preHandler: async (request, reply) => rate.call(app, request, reply),
      schema: {
        tags: TAGS, security, summary: 'A preset voice speaking a short line (audio/wav), for "Hear it"', body: VoicePreviewBody,
        response: withErrors({ 200: Type.String({ description: 'audio/wav' }) }, 400, 401, 429),
      },
    },
    async (request, reply) => reply.type('audio/wav').header('cache-control', 'private, max-age=86400').send((await service.voicePreview(request.body)) as never),
  );

  await app.register(uploads);
};

export default characters;
