import { Type, type Static } from 'typebox';
import { CAPABILITIES, CAPABILITY_NAMES } from './capabilities.ts';
import { JobView } from './studio.ts';

// Batches (issue 29): many jobs of one JSON generation call in one request, followed as one.

/** Items per batch. */
export const BATCH_MAX_ITEMS = 50;

const callPaths = (json: boolean): string[] =>
  CAPABILITY_NAMES.flatMap((c) => (CAPABILITIES[c].calls as readonly { path: string; body: unknown }[]).filter((call) => (call.body !== null) === json).map((call) => call.path));

/** The spec paths a batch may name: every generation call with a JSON body, from the capability registry. */
export const BATCH_CALLS: readonly string[] = callPaths(true);
/** The multipart generation calls (files in the body): refused by name. */
export const MULTIPART_CALLS: readonly string[] = callPaths(false);

export const BatchBody = Type.Object({
  user_id: Type.Optional(Type.String({ maxLength: 64 })),
  call: Type.String({ maxLength: 100, description: `The generation call every item is a body of: one of ${BATCH_CALLS.join(', ')}. Multipart calls cannot be batched.` }),
  // Items are checked one by one against the call's own body schema and rules (400 naming the item).
  items: Type.Array(Type.Unknown({ description: "A body of `call`, exactly as the single call takes it" }), { minItems: 1, maxItems: BATCH_MAX_ITEMS }),
});
export type BatchBody = Static<typeof BatchBody>;

/** 202: the batch and its jobs, in the order of the items; Location is /api/batches/{batch_id}. */
export const BatchAccepted = Type.Object({ batch_id: Type.String(), job_ids: Type.Array(Type.String()) });

const Count = Type.Integer({ minimum: 0 });

export const BatchView = Type.Object({
  batch_id: Type.String(),
  call: Type.String(),
  total: Count,
  queued: Count,
  running: Count,
  succeeded: Count,
  failed: Count,
  canceled: Count,
  eta_seconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'While any job is queued or running: seconds until the last one ends (as the jobs\' eta_seconds); null once all ended' }),
  /** Each job as GET /api/jobs/{id} shows it, in the order of the items. */
  jobs: Type.Array(JobView),
});
export type BatchView = Static<typeof BatchView>;

export const BatchIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
