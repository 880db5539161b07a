// A job's statuses as plain data (no schema library): the server's SQL, the page and the service
// worker read them from here; contract/studio.ts builds the API schema from the same list.

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'canceled'] as const;
export type JobStatusName = (typeof JOB_STATUSES)[number];

/** The statuses a job never leaves. */
export const FINAL_JOB_STATUSES = ['succeeded', 'failed', 'canceled'] as const satisfies readonly JobStatusName[];

export const isFinalJobStatus = (status: string): boolean => (FINAL_JOB_STATUSES as readonly string[]).includes(status);
