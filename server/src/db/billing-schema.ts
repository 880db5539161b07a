// Tables and columns added by migration 0005_billing, merged into the Database interface of schema.ts.
import type { Generated } from 'kysely';
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface SubscriptionsTable {
    /** Days of free trial this checkout was created with (0: charged at once). */
    trial_days: Generated<number>;
    /** One period's price in minor units (paise, cents) and its currency, as charged. */
    amount_minor: number | null;
    currency: string | null;
    /** When the buyer first approved (card authorised or first payment). */
    approved_at: Timestamp | null;
    /** occurredAt of the newest event applied: older deliveries never undo newer ones. */
    last_event_at: Timestamp | null;
  }

  interface PaymentEventsTable {
    user_id: string | null;
    /** Our subscriptions.id, when the event is about one. */
    subscription_id: string | null;
  }

  interface Database {
    grants: GrantsTable;
    sandbox_subscriptions: SandboxSubscriptionsTable;
  }
}

/** 'trial': the free trial, once per user; 'grant': given by an operator. */
export type GrantKind = 'trial' | 'grant';

/** An entitlement that is not a paid subscription. */
export interface GrantsTable {
  id: string;
  user_id: string;
  kind: GrantKind;
  plan_id: string;
  subscription_id: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** The sandbox provider's own record of a subscription (it plays the provider's part). */
export interface SandboxSubscriptionsTable {
  /** sbx_sub_…: the provider subscription id. */
  id: string;
  plan_id: string;
  /** Our subscriptions.id. */
  reference: string;
  /** Razorpay-like words: created, authenticated, active, declined, cancelled. */
  status: string;
  amount_minor: number;
  currency: string;
  trial_days: number;
  customer_email: string;
  customer_name: string;
  payment_method: string | null;
  /** First charge: after the trial. */
  start_at: Timestamp | null;
  current_start: Timestamp | null;
  current_end: Timestamp | null;
  last_payment_at: Timestamp | null;
  return_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}
