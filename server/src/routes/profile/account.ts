import type { FastifyInstance } from 'fastify';
import '../../db/accounts-schema.ts';
import type { User } from '../../db/schema.ts';
import { fromFlag } from '../../db/util.ts';
import { isoAt } from '../../auth/rules.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const profileOf = (user: User) => ({ name: user.name, email: user.email, receive_comms: fromFlag(user.receive_comms) });

/**
 * Days left and end of the entitlement in force (a paid period, the free trial or an operator
 * grant); 0 and null without one.
 */
export async function trackStatus(app: FastifyInstance, userId: string): Promise<{ days_left: number; end_date: string | null }> {
  const entitlement = await app.billing.entitlements.current(userId, isoAt(app.now()));
  if (!entitlement) return { days_left: 0, end_date: null };
  const end = entitlement.periodEnd;
  return { days_left: Math.max(0, Math.ceil((Date.parse(end) - app.now()) / DAY_MS)), end_date: end };
}

/**
 * Deletes an account: renewing subscriptions are cancelled at their providers first (a failure
 * there is logged, never blocks the deletion), then every session, code and row of the user goes
 * (ON DELETE CASCADE), then their media files, uploads and link copies (what a failure leaves, the
 * user-files sweep deletes: server/src/storage/user-files.ts).
 */
export async function deleteAccount(app: FastifyInstance, user: User): Promise<void> {
  const now = isoAt(app.now());
  await app.billing.subscriptions.cancelAll(user.id);
  const media = await app.db.selectFrom('media_items').select('storage_key').where('user_id', '=', user.id).execute();
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('subscriptions')
      .set({ status: 'canceled', cancel_at: now, updated_at: now })
      .where('user_id', '=', user.id)
      .where('status', 'not in', ['canceled', 'expired'])
      .execute();
    await trx.updateTable('refresh_tokens').set({ revoked_at: now }).where('user_id', '=', user.id).where('revoked_at', 'is', null).execute();
    await trx.deleteFrom('otp_codes').where('email', '=', user.email).execute();
    await trx.deleteFrom('login_failures').where('email', '=', user.email).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
  });
  // Files after the rows: a crash in between leaves orphan files, never rows pointing at nothing.
  for (const { storage_key } of media) {
    await app.storage.delete(storage_key).catch((err: unknown) => app.log.error({ err, storage_key }, 'could not delete a media object'));
  }
  await app.jobs.files.discardAllOf(user.id);
}
