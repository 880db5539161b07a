import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import {
  DeleteProfileBody, FeedbackBody, GetProfilesBody, GetProfilesResponse, StatusSuccess, TourCompleteBody, UpdateProfileBody,
  UpdateProfileResponse,
} from '../../../../contract/profile.ts';
import { requireUser } from '../../auth/plugin.ts';
import { normalizeEmail, validName } from '../../auth/rules.ts';

const TAGS = ['profile'];
const security = [{ bearer: [] }];

/** Signed-in account screens: profile, communications, delete, feedback, guide tours. */
const profile: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    '/get_profiles/',
    { schema: { tags: TAGS, security, summary: 'Profile and subscription track status', body: GetProfilesBody, response: withErrors({ 200: GetProfilesResponse }, 400, 401, 403) } },
    async (request) => app.accounts.profileWithStatus(requireUser(request).id),
  );

  app.post(
    '/update_profile/',
    { schema: { tags: TAGS, security, summary: 'Change the name and/or the Communications opt-in', body: UpdateProfileBody, response: withErrors({ 200: UpdateProfileResponse }, 400, 401, 403) } },
    async (request) => {
      const { id } = requireUser(request);
      const name = request.body.name === undefined ? undefined : validName(request.body.name);
      const profile = await app.accounts.updateProfile(id, { name, receiveComms: request.body.receive_comms });
      return { status: 'success' as const, profile };
    },
  );

  app.post(
    '/delete-profile/',
    { schema: { tags: TAGS, security, summary: 'Delete the account, its data and media', body: DeleteProfileBody, response: withErrors({ 204: Type.Null() }, 400, 401, 403) } },
    async (request, reply) => {
      const { id } = requireUser(request);
      await app.accounts.deleteAccount(id, normalizeEmail(request.body.email));
      request.log.info({ userId: id }, 'account deleted');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/feedbacks/',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
      schema: { tags: TAGS, security, summary: 'Send a rating (1-5) and a description', body: FeedbackBody, response: withErrors({ 201: StatusSuccess }, 400, 401, 403, 429) },
    },
    async (request, reply) => {
      const { id } = requireUser(request);
      await app.accounts.addFeedback(id, request.body.rating, (request.body.description ?? '').trim());
      return reply.code(201).send({ status: 'success' as const });
    },
  );

  app.post(
    '/tour-complete/',
    { schema: { tags: TAGS, security, summary: 'Remember that a guide tour was seen', body: TourCompleteBody, response: withErrors({ 200: StatusSuccess }, 400, 401) } },
    async (request) => {
      await app.accounts.markGuideSeen(requireUser(request).id, request.body.section);
      return { status: 'success' as const };
    },
  );
};

export default profile;
