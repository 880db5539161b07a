// The studio's generation calls, typed from contract/capabilities.ts: a path is one of the
// descriptors' call paths and its body the type of that call's body schema (multipart form data
// for the calls without one). Type-only: the schemas never reach the page's bundle. Sending, the
// Idempotency-Key and following the job stay in src/studio/jobs.ts.
import type { Static, TSchema } from 'typebox';
import type { CAPABILITIES, Capability } from '../../contract/capabilities';
import type { GenerationCall } from '../studio/jobs';

type Call = (typeof CAPABILITIES)[Capability]['calls'][number];

/** Every generation call's path (spec document 2 §7). */
export type GenerationPath = Call['path'];

/** What the call at `P` sends: its JSON body, or form data for a multipart call. */
export type GenerationBody<P extends GenerationPath> = Extract<Call, { path: P }>['body'] extends infer B ? (B extends TSchema ? Static<B> : FormData) : never;

/** A generation call whose body is checked against its path's schema when the page is compiled. */
export function generationCall<P extends GenerationPath>(path: P, body: GenerationBody<P>): GenerationCall {
  return { path, body: body as GenerationCall['body'] };
}
