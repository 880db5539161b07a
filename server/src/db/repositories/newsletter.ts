import type { Db } from '../index.ts';
import { isUniqueViolation, newId, nowIso } from '../util.ts';

export type SubscribeResult = 'created' | 'exists';

/** Newsletter sign-ups; emails are stored lower case, so the unique index is case-insensitive in effect. */
export function newsletterRepository(db: Db) {
  return {
    /** Adds the address, or reports that it is already there (also when a concurrent request won the race). */
    async subscribe(email: string): Promise<SubscribeResult> {
      const normalized = email.trim().toLowerCase();
      try {
        await db.insertInto('newsletter_subscriptions').values({ id: newId(), email: normalized, created_at: nowIso() }).execute();
        return 'created';
      } catch (err) {
        if (isUniqueViolation(err)) return 'exists';
        throw err;
      }
    },

    async isSubscribed(email: string): Promise<boolean> {
      const row = await db
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where('email', '=', email.trim().toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type NewsletterRepository = ReturnType<typeof newsletterRepository>;
