import type { FastifyInstance } from 'fastify';
import { accountService } from '../../accounts/service.ts';
import '../../db/accounts-schema.ts';
import type { User } from '../../db/schema.ts';
import { fromFlag } from '../../db/util.ts';
import { isoAt } from '../../time.ts';


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

/** Deletes the signed-in account (the steps: server/src/accounts/service.ts). */
export async function deleteAccount(app: FastifyInstance, user: User): Promise<void> {
  await accountService({ db: app.db, subscriptions: app.billing.subscriptions, storage: app.storage, files: app.jobs.files, log: app.log }).delete(user, isoAt(app.now()));
}
