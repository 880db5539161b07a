// Writes on api_key_failures: requests with an unknown or revoked API key, per client address. The
// window's count is read together with the key (api-keys.ts byHashFrom), one read per request.
import '../developer-schema.ts';
import type { Db } from '../index.ts';
import { newId } from '../util.ts';

/** An address's failures in the window, and when the oldest of them was (read with the key: api-keys.ts byHashFrom). */
export interface KeyFailureStats {
  count: number;
  oldest: string | null;
}

export function apiKeyFailuresRepository(db: Db) {
  return {
    /** Records a failure and drops every failure that fell out of the window (the table stays small). */
    async record(ip: string, now: string, windowStart: string): Promise<void> {
      await db.insertInto('api_key_failures').values({ id: newId(), ip, created_at: now }).execute();
      await db.deleteFrom('api_key_failures').where('created_at', '<', windowStart).execute();
    },
  };
}
