import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import {
  DeleteProfileBody, FeedbackBody, GetProfilesBody, GetProfilesResponse, StatusSuccess, TourCompleteBody, UpdateProfileBody,
  UpdateProfileResponse,
} from '../../../../contract/profile.ts';
import { requireUser } from '../../auth/plugin.ts';
import { normalizeEmail, validName } from '../../auth/rules.ts';
import { feedbackRepository } from '../../db/repositories/feedback.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { HttpError } from '../../http-error.ts';
import { deleteAccount, profileOf, trackStatus } from './account.ts';
import { isoAt } from '../../time.ts';

const TAGS = ['profile'];
const security = [{ bearer: [] }];

/** Signed-in account screens: profile, communications, delete, feedback, guide tours. */
const profile: FastifyPluginAsyncTypebox = async (app) => {
  const users = usersRepository(app.db);
  app.addHook('preHandler', app.authenticate);

  const currentUser = async (id: string) => {
    const user = await users.findById(id);
    if (!user) throw new HttpError(401, 'Authentication required.');
    return user;
  };

  app.post(
    '/get_profiles/',
    { schema: { tags: TAGS, security, summary: 'Profile and subscription track status', body: GetProfilesBody, response: withErrors({ 200: GetProfilesResponse }, 400, 401, 403) } },
    async (request) => {
      const user = await currentUser(requireUser(request).id);
      return { profile: profileOf(user), track_status: await trackStatus(app, user.id) };
    },
  );

  app.post(
    '/update_profile/',
    { schema: { tags: TAGS, security, summary: 'Change the name and/or the Communications opt-in', body: UpdateProfileBody, response: withErrors({ 200: UpdateProfileResponse }, 400, 401, 403) } },
    async (request) => {
      const { id } = requireUser(request);
      const name = request.body.name === undefined ? undefined : validName(request.body.name);
      const updated = await users.updateProfile(id, { name, receiveComms: request.body.receive_comms }, isoAt(app.now()));
      if (!updated) throw new HttpError(401, 'Authentication required.');
      return { status: 'success' as const, profile: profileOf(updated) };
    },
  );

  app.post(
    '/delete-profile/',
    { schema: { tags: TAGS, security, summary: 'Delete the account, its data and media', body: DeleteProfileBody, response: withErrors({ 204: Type.Null() }, 400, 401, 403) } },
    async (request, reply) => {
      const user = await currentUser(requireUser(request).id);
      if (normalizeEmail(request.body.email) !== user.email) throw new HttpError(400, 'The email does not match this account.', 'email');
      await deleteAccount(app, user);
      request.log.info({ userId: user.id }, 'account deleted');
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
      await feedbackRepository(app.db).add({ userId: id, rating: request.body.rating, description: (request.body.description ?? '').trim(), now: isoAt(app.now()) });
      return reply.code(201).send({ status: 'success' as const });
    },
  );

  app.post(
    '/tour-complete/',
    { schema: { tags: TAGS, security, summary: 'Remember that a guide tour was seen', body: TourCompleteBody, response: withErrors({ 200: StatusSuccess }, 400, 401) } },
    async (request) => {
      await users.markGuideSeen(requireUser(request).id, request.body.section, isoAt(app.now()));
      return { status: 'success' as const };
    },
  );
};

export default profile;
