// Columns added by migration 0006_generation, merged into the Database interface of schema.ts.
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
  }
}
