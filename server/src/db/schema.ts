import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { MediaKind } from '../../../contract/capability-facts.ts';
import type { JobStatusName } from '../../../contract/job-status.ts';

/*
 * Conventions that keep one schema valid on SQLite and Postgres:
 * - ids are text UUIDs made by the app (newId()), never dialect-specific serials;
 * - timestamps are ISO-8601 UTC text made by the app (nowIso()); they sort and compare as text;
 * - booleans are integers 0/1 (Flag);
 * - JSON is text, parsed by the repository that owns the column;
 * - money is integer minor units (paise, cents), never floats.
 */

/** 0 or 1; SQLite has no boolean type, so Postgres stores the same integer. */
export type Flag = number;
/** ISO-8601 UTC text, e.g. 2025-01-31T12:00:00.000Z. */
export type Timestamp = string;
/** JSON encoded as text. */
export type JsonText = string;

export interface UsersTable {
  id: string;
  /** Always lower case (a CHECK enforces it). */
  email: string;
  name: string;
  /** Null for accounts that only sign in with Google. */
  password_hash: string | null;
  google_sub: string | null;
  /** 1 for every account since 0004_account_security (unverified sign-ups live in pending_signups). */
  email_verified: Generated<Flag>;
  receive_comms: Generated<Flag>;
  guide_tour_face_seen: Generated<Flag>;
  guide_tour_image_seen: Generated<Flag>;
  guide_tour_video_seen: Generated<Flag>;
  /** Moves when the credentials change (password reset): access tokens carrying an older one die. */
  credentials_version: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface RefreshTokensTable {
  id: string;
  user_id: string;
  /** All tokens rotated from one sign-in share a family; reuse of a rotated token revokes it. */
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** Id of the token that replaced this one on rotation. */
  replaced_by: string | null;
  created_at: Timestamp;
}

export type OtpPurpose = 'signup' | 'reset';

export interface OtpCodesTable {
  id: string;
  email: string;
  purpose: OtpPurpose;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  created_at: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  created_at: Timestamp;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: string;
  user_id: string;
  rating: number;
  description: string;
  created_at: Timestamp;
}

export interface BillingAddressesTable {
  id: string;
  user_id: string;
  email: string;
  full_name: string;
  phone_number: string;
  address: string;
  city: string | null;
  pincode: string;
  /** ISO 3166-1 alpha-2 code, e.g. IN, US. */
  country: string;
  state: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlansTable {
  /** Stable slug: basic, advanced, premium. */
  id: string;
  name: string;
  /** Plan id at the India provider (Razorpay); deployment-specific, null until configured. */
  provider_plan_id: string | null;
  /** Plan id at the international provider (PayPal); deployment-specific, null until configured. */
  other_plan_id: string | null;
  price_inr_paise: number;
  list_price_inr_paise: number;
  price_usd_cents: number;
  list_price_usd_cents: number;
  face_limit: number;
  image_limit: number;
  video_limit: number;
  /** JSON array of strings. */
  features: JsonText;
  sort_order: number;
}

export type PaymentProvider = 'sandbox' | 'razorpay' | 'paypal';

export interface SubscriptionsTable {
  id: string;
  user_id: string;
  plan_id: string;
  provider: PaymentProvider;
  provider_subscription_id: string;
  /** Provider-neutral status: SubscriptionStatus of server/src/payments/types.ts. */
  status: string;
  current_period_start: Timestamp | null;
  current_period_end: Timestamp | null;
  cancel_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventsTable {
  id: string;
  /** A payment provider, or 'trial' / 'admin' for entitlements we grant ourselves. */
  provider: PaymentProvider | 'trial' | 'admin';
  /** The provider's event id; unique per provider so a replayed webhook is ignored. */
  event_id: string;
  type: string;
  payload: JsonText;
  created_at: Timestamp;
}

export type JobStatus = JobStatusName;

export interface JobsTable {
  id: string;
  user_id: string;
  /** Capability, e.g. face, image, swapVideo, clothSwap, imageToVideo, music. */
  kind: string;
  status: JobStatus;
  progress: Generated<number>;
  input: JsonText;
  error: string | null;
  attempts: Generated<number>;
  idempotency_key: string | null;
  /** A running job whose lease lapsed is picked up again. */
  lease_until: Timestamp | null;
  created_at: Timestamp;
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
  updated_at: Timestamp;
}

/** The gallery's groups, declared with the capabilities' facts. */
export type { MediaKind };
export type Gender = 'male' | 'female';

export interface MediaItemsTable {
  id: string;
  user_id: string;
  job_id: string | null;
  kind: MediaKind;
  gender: Gender | null;
  url: string;
  storage_key: string;
  mime: string;
  bytes: number;
  /** Faces only: wording used in image prompts for this face. */
  face_prompt: string | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  otp_codes: OtpCodesTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  contact_messages: ContactMessagesTable;
  feedback: FeedbackTable;
  billing_addresses: BillingAddressesTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  payment_events: PaymentEventsTable;
  jobs: JobsTable;
  media_items: MediaItemsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Plan = Selectable<PlansTable>;
export type Job = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type MediaItem = Selectable<MediaItemsTable>;
export type NewMediaItem = Insertable<MediaItemsTable>;
