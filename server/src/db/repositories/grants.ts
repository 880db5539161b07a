import type { Insertable } from 'kysely';
import '../billing-schema.ts';
import type { GrantsTable } from '../billing-schema.ts';
import type { Db } from '../index.ts';
import { ENTITLEMENT_PLAN_COLUMNS } from './plans.ts';

/** Entitlements that are not a paid period: free trials and operators' grants (the only SQL on grants). */
export function grantsRepository(db: Db) {
  return {
    add: (row: Insertable<GrantsTable>) => db.insertInto('grants').values(row).execute(),

    /** Whether the user was ever given the free trial (a revoked one included). */
    async hadTrial(userId: string): Promise<boolean> {
      const row = await db.selectFrom('grants').select('id').where('user_id', '=', userId).where('kind', '=', 'trial').executeTakeFirst();
      return row !== undefined;
    },

    /** Ends the user's grants still running at `now`; answers how many. */
    async revokeRunning(userId: string, now: string): Promise<number> {
      const result = await db.updateTable('grants').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).where('ends_at', '>', now).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** The user's unrevoked grants in force at `now`, with their plans. */
    inForce: (userId: string, now: string) =>
      db
        .selectFrom('grants')
        .innerJoin('plans', 'plans.id', 'grants.plan_id')
        .select([...ENTITLEMENT_PLAN_COLUMNS, 'grants.kind', 'grants.starts_at', 'grants.ends_at'])
        .where('grants.user_id', '=', userId)
        .where('grants.revoked_at', 'is', null)
        .where('grants.starts_at', '<=', now)
        .where('grants.ends_at', '>', now)
        .execute(),
  };
}

export type GrantsRepository = ReturnType<typeof grantsRepository>;
