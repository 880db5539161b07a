// The signed-in account: its profile and track status, changes, feedback, guide tours, and deleting
// it. Deleting: renewing subscriptions are cancelled at their providers first (a failure there is
// logged, never blocks the deletion), then every session, code and row of the user goes in one
// transaction (their consents to use outside media included; ON DELETE CASCADE takes the rest),
// then their media files, uploads and link copies. Files after the rows: a crash in between leaves
// orphan files (the user-files sweep, server/src/storage/user-files.ts, deletes what is left),
// never rows pointing at nothing.
import '../db/accounts-schema.ts';
import { consentsRepository } from '../db/repositories/consents.ts';
import { feedbackRepository } from '../db/repositories/feedback.ts';
import { loginFailuresRepository } from '../db/repositories/login-failures.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { otpRepository } from '../db/repositories/otp.ts';
import { subscriptionsRepository } from '../db/repositories/subscriptions.ts';
import { tokensRepository } from '../db/repositories/tokens.ts';
import { usersRepository, type GuideSection } from '../db/repositories/users.ts';
import type { User } from '../db/schema.ts';
import { fromFlag } from '../db/util.ts';
import { HttpError } from '../http-error.ts';
import { isoAt } from '../time.ts';
import type { AccountDeps } from './service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ProfileView {
  name: string;
  email: string;
  receive_comms: boolean;
}

export interface TrackStatus {
  days_left: number;
  end_date: string | null;
}

const profileOf = (user: User): ProfileView => ({ name: user.name, email: user.email, receive_comms: fromFlag(user.receive_comms) });

export function profiles(deps: AccountDeps) {
  const { db, log } = deps;
  const users = usersRepository(db);

  /** The signed-in user's row; 401 when the account went away since the token was issued. */
  async function currentUser(id: string): Promise<User> {
    const user = await users.findById(id);
    if (!user) throw new HttpError(401, 'Authentication required.');
    return user;
  }

  /**
   * Days left and end of the entitlement in force (a paid period, the free trial or an operator
   * grant); 0 and null without one.
   */
  async function trackStatus(userId: string): Promise<TrackStatus> {
    const entitlement = await deps.entitlements.current(userId, isoAt(deps.now()));
    if (!entitlement) return { days_left: 0, end_date: null };
    const end = entitlement.periodEnd;
    return { days_left: Math.max(0, Math.ceil((Date.parse(end) - deps.now()) / DAY_MS)), end_date: end };
  }

  async function deleteUser(user: Pick<User, 'id' | 'email'>, now: string): Promise<void> {
    await deps.subscriptions.cancelAll(user.id);
    const mediaKeys = await mediaRepository(db).keysOfUser(user.id);
    await db.transaction().execute(async (trx) => {
      await subscriptionsRepository(trx).cancelAllOf(user.id, now);
      await tokensRepository(trx).revokeAllForUser(user.id, now);
      await otpRepository(trx).deleteForEmail(user.email);
      await loginFailuresRepository(trx).clear(user.email);
      await consentsRepository(trx).deleteAllOf(user.id);
      await usersRepository(trx).delete(user.id);
    });
    for (const key of mediaKeys) {
      await deps.storage.delete(key).catch((err: unknown) => log.error({ err, storage_key: key }, 'could not delete a media object'));
    }
    await deps.files.discardAllOf(user.id);
  }

  return {
    async profileWithStatus(userId: string): Promise<{ profile: ProfileView; track_status: TrackStatus }> {
      const user = await currentUser(userId);
      return { profile: profileOf(user), track_status: await trackStatus(user.id) };
    },

    /** `name` already checked (auth/rules.ts validName); undefined leaves it. */
    async updateProfile(userId: string, changes: { name?: string; receiveComms?: boolean }): Promise<ProfileView> {
      const updated = await users.updateProfile(userId, changes, isoAt(deps.now()));
      if (!updated) throw new HttpError(401, 'Authentication required.');
      return profileOf(updated);
    },

    /** Deletes the account, confirmed by its (normalised) email: 400 when it is another one. */
    async deleteAccount(userId: string, confirmEmail: string): Promise<void> {
      const user = await currentUser(userId);
      if (confirmEmail !== user.email) throw new HttpError(400, 'The email does not match this account.', 'email');
      await deleteUser(user, isoAt(deps.now()));
    },

    async addFeedback(userId: string, rating: number, description: string): Promise<void> {
      await feedbackRepository(db).add({ userId, rating, description, now: isoAt(deps.now()) });
    },

    async markGuideSeen(userId: string, section: GuideSection): Promise<void> {
      await users.markGuideSeen(userId, section, isoAt(deps.now()));
    },
  };
}
