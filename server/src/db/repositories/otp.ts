import type { Db } from '../index.ts';
import type { OtpPurpose } from '../schema.ts';
import { newId } from '../util.ts';

/** One-time codes mailed for sign-up and password reset (hashed; see server/src/auth/secrets.ts). */
export function otpRepository(db: Db) {
  return {
    /** Codes created for this address since `since`, of any purpose (the hourly send limit). */
    async countSentSince(email: string, since: string): Promise<number> {
      const row = await db
        .selectFrom('otp_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Stores a new code and voids every older unused one for the address. */
    async replace(input: { email: string; purpose: OtpPurpose; codeHash: string; expiresAt: string; now: string }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('otp_codes').set({ consumed_at: input.now }).where('email', '=', input.email).where('consumed_at', 'is', null).execute();
        await trx
          .insertInto('otp_codes')
          .values({ id: newId(), email: input.email, purpose: input.purpose, code_hash: input.codeHash, expires_at: input.expiresAt, consumed_at: null, created_at: input.now })
          .execute();
      });
    },

    /** The live (unused) code for this address and purpose; replace() keeps at most one. */
    live(email: string, purpose: OtpPurpose) {
      return db
        .selectFrom('otp_codes')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .where('consumed_at', 'is', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Counts one try, atomically, before the code is compared; false when the tries were used up
     * (so parallel guesses can never exceed `maxAttempts`).
     */
    async takeAttempt(id: string, maxAttempts: number): Promise<boolean> {
      const result = await db
        .updateTable('otp_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('attempts', '<', maxAttempts)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Uses the code; false when another request used it first. */
    async consume(id: string, now: string): Promise<boolean> {
      const result = await db.updateTable('otp_codes').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteForEmail(email: string): Promise<void> {
      await db.deleteFrom('otp_codes').where('email', '=', email).execute();
    },
  };
}

export type OtpRepository = ReturnType<typeof otpRepository>;
