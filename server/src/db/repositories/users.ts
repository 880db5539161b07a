import type { Db } from '../index.ts';
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

    findByEmail(email: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    findByGoogleSub(sub: string): Promise<User | undefined> {
      return db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
    },

    /**
     * Stores an unverified account, or starts an unverified one with this email over (new name and
     * password). Returns null when a verified account already holds the email.
     */
    async upsertUnverified(input: { email: string; name: string; passwordHash: string; now: string }): Promise<User | null> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('users').selectAll().where('email', '=', input.email).executeTakeFirst();
        if (existing?.email_verified) return null;
        if (existing) {
          return trx
            .updateTable('users')
            .set({ name: input.name, password_hash: input.passwordHash, google_sub: null, created_at: input.now, updated_at: input.now })
            .where('id', '=', existing.id)
            .where('email_verified', '=', 0)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return trx
          .insertInto('users')
          .values({ id: newId(), email: input.email, name: input.name, password_hash: input.passwordHash, google_sub: null, email_verified: 0, created_at: input.now, updated_at: input.now })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    /**
     * A verified account for a Google identity. An unverified account with the same email is
     * dropped first: its password was never proven to belong to the mailbox's owner.
     */
    async createFromGoogle(input: { email: string; name: string; googleSub: string; now: string }): Promise<User> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('users').where('email', '=', input.email).where('email_verified', '=', 0).execute();
        return trx
          .insertInto('users')
          .values({ id: newId(), email: input.email, name: input.name, password_hash: null, google_sub: input.googleSub, email_verified: 1, created_at: input.now, updated_at: input.now })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    },

    async markVerified(id: string, now: string): Promise<User | undefined> {
      return db.updateTable('users').set({ email_verified: 1, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
    },

    async linkGoogle(id: string, googleSub: string, now: string): Promise<void> {
      await db.updateTable('users').set({ google_sub: googleSub, updated_at: now }).where('id', '=', id).execute();
    },

    async setPassword(id: string, passwordHash: string, now: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
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
