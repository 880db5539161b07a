// The table and columns added by migration 0009_batches, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface JobsTable {
    /** The batch that made the job (0009); null for a single call. */
    batch_id: string | null;
    /** The job's item in its batch request, from 0. */
    batch_index: number | null;
  }

  interface Database {
    batches: BatchesTable;
  }
}

/** One POST /api/batches: many jobs of one generation call. */
export interface BatchesTable {
  id: string;
  user_id: string;
  /** The spec's path of the call every item is a body of, e.g. '/generate-face-prompt/'. */
  call: string;
  total: number;
  idempotency_key: string | null;
  /** SHA-256 of the request (call and items): the same key with another batch is refused. */
  request_hash: string | null;
  created_at: Timestamp;
}
