import type { Insertable, Updateable } from 'kysely';
import '../billing-schema.ts';
import type { SandboxSubscriptionsTable } from '../billing-schema.ts';
import type { Db } from '../index.ts';

/** The sandbox payment provider's own books (the only SQL on sandbox_subscriptions). */
export function sandboxSubscriptionsRepository(db: Db) {
  return {
    byId: (id: string): Promise<SandboxSubscriptionsTable | undefined> => db.selectFrom('sandbox_subscriptions').selectAll().where('id', '=', id).executeTakeFirst(),

    add: (row: Insertable<SandboxSubscriptionsTable>) => db.insertInto('sandbox_subscriptions').values(row).execute(),

    update: (id: string, changes: Updateable<SandboxSubscriptionsTable>) => db.updateTable('sandbox_subscriptions').set(changes).where('id', '=', id).execute(),

    /** Applies `changes` only if the row still has `row`'s status and period end (nobody moved it since it was read). */
    async updateIfUnchanged(row: Pick<SandboxSubscriptionsTable, 'id' | 'status' | 'current_end'>, changes: Updateable<SandboxSubscriptionsTable>): Promise<boolean> {
      const res = await db
        .updateTable('sandbox_subscriptions')
        .set(changes)
        .where('id', '=', row.id)
        .where('status', '=', row.status)
        .where('current_end', row.current_end === null ? 'is' : '=', row.current_end)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },

    /** Subscriptions with a charge due at `at`: a trial that has ended, or an active period that has. */
    dueAt: (at: string) =>
      db
        .selectFrom('sandbox_subscriptions')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'authenticated'), eb('start_at', '<=', at)]),
            eb.and([eb('status', '=', 'active'), eb('current_end', '<=', at)]),
          ]),
        )
        .execute(),
  };
}

export type SandboxSubscriptionsRepository = ReturnType<typeof sandboxSubscriptionsRepository>;
