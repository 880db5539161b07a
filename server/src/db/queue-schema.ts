// The column and tables added by migration 0011_queue, merged into the Database interface of schema.ts.
import type { Timestamp } from './schema.ts';

declare module './schema.ts' {
  interface JobsTable {
    /** The user's own order of their queued jobs (0011): lower runs first; null once finished before 0011. */
    queue_order: number | null;
  }

  interface Database {
    job_run_times: JobRunTimesTable;
    job_files: JobFilesTable;
  }
}

/** The running average run time of one (kind, engine), shared by every process (0011). */
export interface JobRunTimesTable {
  kind: string;
  engine: string;
  /** Runs measured (the average weighs the last RUN_TIME_WINDOW of them). */
  runs: number;
  avg_ms: number;
  updated_at: Timestamp;
}

/** An upload or link copy a job reads (0011): kept while any of its jobs may be re-run. */
export interface JobFilesTable {
  job_id: string;
  storage_key: string;
}
