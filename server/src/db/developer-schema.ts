// The tables added by migrations 0013_developer_api and 0017_key_guesses, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface Database {
    api_keys: ApiKeysTable;
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    api_key_failures: ApiKeyFailuresTable;
  }
}

/** A personal API key: only its SHA-256 (hex) and the first characters, to tell keys apart. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  key_hash: string;
  prefix: string;
  created_at: Timestamp;
  /** Moved at most once a minute (not written on every request). */
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A request that came with an unknown or revoked API key, by client address (the key guess limit). */
export interface ApiKeyFailuresTable {
  id: string;
  ip: string;
  created_at: Timestamp;
}

export interface WebhookEndpointsTable {
  id: string;
  user_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** The signing secret (whsec_ + base64 of 32 random bytes), sealed under the server secret (auth/secret-box.ts); never kept in clear. */
  secret: string;
  created_at: Timestamp;
  /** Set when the receiver answered 410 Gone: nothing more is sent to it. */
  disabled_at: Timestamp | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event for one endpoint; its id is the webhook-id header, the same on every attempt. */
export interface WebhookDeliveriesTable {
  id: string;
  endpoint_id: string;
  event: string;
  subject: string;
  /** The exact bytes signed and sent, every attempt. */
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_at: Timestamp;
  lease_until: Timestamp | null;
  lease_owner: string | null;
  /** The last attempt's HTTP status, or null (time-out, refused address, network error). */
  response_status: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
