// Tables added by migration 0008_consents, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface Database {
    consents: ConsentsTable;
    job_consents: JobConsentsTable;
  }
}

/** A user's statement that they may use outside media of a person, with what it covers. */
export interface ConsentsTable {
  id: string;
  user_id: string;
  /** The call it was given on, e.g. '/download/' or '/newclothchanger/'. */
  call: string;
  /** The field holding the media: 'instagram_url', 'cloth_image', 'voice_file', 'image', 'target_video_url'. */
  field: string;
  /** The link the user gave (link copies). */
  link_url: string | null;
  /** Our copy or upload in storage (user_files.storage_key; the row outlives the file). */
  storage_key: string | null;
  /** SHA-256 of the media's bytes as stored. */
  sha256: string | null;
  created_at: Timestamp;
}

/** The consents a job relied on. */
export interface JobConsentsTable {
  job_id: string;
  consent_id: string;
}
