// Every statement on api_key_failures: requests with an unknown or revoked API key, per client address.
import '../developer-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

/** An address's failures in the window, and when the oldest of them was. */
export interface KeyFailureStats {
  count: number;
  oldest: string | null;
}

export function apiKeyFailuresRepository(db: Db) {
  return {
    async stats(ip: string, since: string): Promise<KeyFailureStats> {
      const row = await db
        .selectFrom('api_key_failures')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
        .where('ip', '=', ip)
        // Strictly after: a failure leaves the window exactly when Retry-After said.
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      // Postgres answers count as a string (bigint).
      return { count: Number(row.count), oldest: row.oldest ?? null };
    },

    /** Records a failure and drops every failure that fell out of the window (the table stays small). */
    async record(ip: string, now: string, windowStart: string): Promise<void> {
      await db.insertInto('api_key_failures').values({ id: newId(), ip, created_at: now }).execute();
      await db.deleteFrom('api_key_failures').where('created_at', '<', windowStart).execute();
    },
  };
}
