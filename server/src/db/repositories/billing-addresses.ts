import { randomUUID } from 'node:crypto';
import type { BillingAddress } from '../../../../contract/billing.ts';
import type { Db } from '../index.ts';

export interface NewBillingAddress {
  userId: string;
  email: string;
  full_name: string;
  phone_number: string;
  address: string;
  city: string | null;
  pincode: string;
  country: string;
  state: string | null;
  now: string;
}

const COLUMNS = ['email', 'full_name', 'phone_number', 'address', 'city', 'pincode', 'country', 'state'] as const;

/** Billing addresses: each checkout saves one; the newest prefills the next. */
export function billingAddressesRepository(db: Db) {
  return {
    async add({ userId, now, ...fields }: NewBillingAddress): Promise<BillingAddress> {
      await db.insertInto('billing_addresses').values({ id: randomUUID(), user_id: userId, ...fields, created_at: now, updated_at: now }).execute();
      return fields;
    },

    newest(userId: string): Promise<BillingAddress | undefined> {
      return db.selectFrom('billing_addresses').select(COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
    },
  };
}
