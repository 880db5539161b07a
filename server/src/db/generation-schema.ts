// Columns and tables added by migrations 0006_generation and 0007_job_requests, merged into the Database interface of schema.ts.
import type { JsonText, Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface JobsTable {
    /** A queued job is not claimed before this time (retry backoff); null: at once. */
    run_after: Timestamp | null;
    /** The engine that ran (or runs) the job. */
    engine: string | null;
    /** The process holding the lease; only it may finish the job. */
    lease_owner: string | null;
    /** Set when the user cancels a running job; its runner stops and marks it canceled. */
    cancel_requested_at: Timestamp | null;
    /** The spec's response fields once the job succeeded, e.g. {"output": "/media/gen/…png"}. */
    result: JsonText | null;
    /** SHA-256 of the call and its payload (0007): an Idempotency-Key replayed with another payload is refused. */
    request_hash: string | null;
  }

  interface Database {
    user_files: UserFilesTable;
  }
}

/**
 * 'upload': a file sent with a generation call; 'fetched': a copy /download/ made of linked media;
 * 'portrait' and 'voice_sample': a character's uploads (issue 44, POST /api/characters/uploads).
 */
export type UserFileKind = 'upload' | 'fetched' | 'portrait' | 'voice_sample';

/** An upload or link copy in storage, owned by one user (0007). */
export interface UserFilesTable {
  storage_key: string;
  user_id: string;
  kind: UserFileKind;
  /** The job that used it first; null until one did. */
  job_id: string | null;
  created_at: Timestamp;
  /** A voice sample's length in seconds (0020); null for any other file. */
  seconds: number | null;
}
