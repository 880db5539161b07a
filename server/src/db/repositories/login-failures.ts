import '../accounts-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

/** Failed password logins per address, for the per-account brute-force limit. */
export function loginFailuresRepository(db: Db) {
  return {
    async countSince(email: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Records a failure and drops every failure that fell out of the window (the table stays small). */
    async record(email: string, now: string, windowStart: string): Promise<void> {
      await db.insertInto('login_failures').values({ id: newId(), email, created_at: now }).execute();
      await db.deleteFrom('login_failures').where('created_at', '<', windowStart).execute();
    },

    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>;
