import '../accounts-schema.ts';
import type { Db } from '../index.ts';
import type { PendingSignup } from './pending-signups.ts';
import type { User } from '../schema.ts';
import { newId, toFlag } from '../util.ts';

export type GuideSection = 'face' | 'image' | 'video';

const GUIDE_COLUMN = {
  face: 'guide_tour_face_seen',
  image: 'guide_tour_image_seen',
  video: 'guide_tour_video_seen',
} as const satisfies Record<GuideSection, keyof User>;

/** Accounts (users table). Emails are stored lower case; callers pass them normalised. */
export function usersRepository(db: Db) {
  return {
    findById(id: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Inside a transaction: holds the user's row until it ends, so another transaction doing the
     * same for this user waits (a row lock on Postgres; SQLite's write lock, waited for by its busy
     * timeout). A no-op write is the one statement that locks on both engines. Answers whether the user exists.
     */
    async lock(id: string): Promise<boolean> {
      const res = await db.updateTable('users').set((eb) => ({ credentials_version: eb.ref('credentials_version') })).where('id', '=', id).executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findByGoogleSub(sub: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    /**
     * The account a verified sign-up makes, with the name and password that attempt chose. Every
     * other pending attempt for the email goes with it. A unique violation means the email got an
     * account first.
     */
    async createFromSignup(signup: PendingSignup, now: string): Promise<User> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .insertInto('users')
          .values({ id: newId(), email: signup.email, name: signup.name, password_hash: signup.password_hash, google_sub: null, email_verified: 1, created_at: now, updated_at: now })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('pending_signups').where('email', '=', signup.email).execute();
        return user;
      });
    },

    /**
     * A verified account for a Google identity. Pending email sign-ups for the address are dropped:
     * none of their passwords was proven to belong to the mailbox's owner.
     */
    async createFromGoogle(input: { email: string; name: string; googleSub: string; now: string }): Promise<User> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('pending_signups').where('email', '=', input.email).execute();
        return trx
          .insertInto('users')
          .values({ id: newId(), email: input.email, name: input.name, password_hash: null, google_sub: input.googleSub, email_verified: 1, created_at: input.now, updated_at: input.now })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async linkGoogle(id: string, googleSub: string, now: string): Promise<void> {
      await db.updateTable('users').set({ google_sub: googleSub, updated_at: now }).where('id', '=', id).execute();
    },

    /** New password; the credentials version moves, so every access token issued before dies. */
    async setPassword(id: string, passwordHash: string, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set((eb) => ({ password_hash: passwordHash, credentials_version: eb('credentials_version', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .execute();
    },

    async updateProfile(id: string, changes: { name?: string; receiveComms?: boolean }, now: string): Promise<User | undefined> {
      return db
        .updateTable('users')
        .set({
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.receiveComms !== undefined ? { receive_comms: toFlag(changes.receiveComms) } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },

    async markGuideSeen(id: string, section: GuideSection, now: string): Promise<void> {
      await db.updateTable('users').set({ [GUIDE_COLUMN[section]]: 1, updated_at: now }).where('id', '=', id).execute();
    },

    /** Deletes the account; its rows in other tables go with it (ON DELETE CASCADE). */
    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type UsersRepository = ReturnType<typeof usersRepository>;
