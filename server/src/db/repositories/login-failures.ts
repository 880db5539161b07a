import '../accounts-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

/** Failures in the window: for the account, for the account from one address, and the newest. */
export interface FailureStats {
  total: number;
  fromAddress: number;
  last: string | null;
}

/** Failed password logins per (address typed, client address), for the brute-force limits. */
export function loginFailuresRepository(db: Db) {
  return {
    async stats(email: string, ip: string, since: string): Promise<FailureStats> {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number | null>(eb.case().when('ip', '=', ip).then(1).else(0).end()).as('from_address'),
          eb.fn.max('created_at').as('last'),
        ])
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      // Postgres answers count and sum as strings (bigint).
      return { total: Number(row.total), fromAddress: Number(row.from_address ?? 0), last: row.last ?? null };
    },

    /** Records a failure and drops every failure that fell out of the window (the table stays small). */
    async record(email: string, ip: string, now: string, windowStart: string): Promise<void> {
      await db.insertInto('login_failures').values({ id: newId(), email, ip, created_at: now }).execute();
      await db.deleteFrom('login_failures').where('created_at', '<', windowStart).execute();
    },

    /** Forgets the failures of one address (its owner just proved the password from there). */
    async clearAddress(email: string, ip: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
    },

    async clear(email: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof loginFailuresRepository>;
