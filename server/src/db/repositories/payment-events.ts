import type { Insertable } from 'kysely';
import '../billing-schema.ts';
import type { Db } from '../index.ts';
import type { PaymentEventsTable } from '../schema.ts';

/** Every event that changed an entitlement: providers' webhooks, trials and operators' grants (the only SQL on payment_events). */
export function paymentEventsRepository(db: Db) {
  return {
    add: (row: Insertable<PaymentEventsTable>) => db.insertInto('payment_events').values(row).execute(),

    /** Inserts the event unless its provider already sent one with its id; false when it did (a redelivery). */
    async addOnce(row: Insertable<PaymentEventsTable>): Promise<boolean> {
      const inserted = await db.insertInto('payment_events').values(row).onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing()).executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

export type PaymentEventsRepository = ReturnType<typeof paymentEventsRepository>;
