// The studio calls of the capability registry (contract/capabilities.ts) and each call's route
// options, derived from its capability's descriptor: the gate's `needs`, the security, the summary,
// the body schema (a JSON call) or the file parts (a multipart call), and the answers. The JSON
// calls (index.ts, calls.ts) and the multipart calls (uploads.ts) are registered from these.
import type { TSchema } from 'typebox';
import { withErrors } from '../../../../contract/common.ts';
import { CAPABILITIES, CAPABILITY_NAMES, type Capability } from '../../../../contract/capabilities.ts';
import { AcceptedResponse } from '../../../../contract/studio.ts';

export const STUDIO_TAGS = ['studio'];
export const STUDIO_SECURITY = [{ bearer: [], securityKey: [] }];
export const GENERATION_ERRORS = [400, 401, 403, 409, 422, 429, 503] as const;
/** A multipart call's part may also be too large (413), or the body not multipart at all (415). */
const MULTIPART_ERRORS = [...GENERATION_ERRORS, 413, 415] as const;

/** One call of capability `C`, with its literal types. */
export type CallOf<C extends Capability> = (typeof CAPABILITIES)[C]['calls'][number];
/** Capabilities with at least one JSON call (a call whose body schema is not null). */
export type JsonCapability = { [C in Capability]: Extract<CallOf<C>, { body: TSchema }> extends never ? never : C }[Capability];
/** Capabilities with at least one multipart call (no JSON body: its fields and files are read by the route). */
export type MultipartCapability = { [C in Capability]: Extract<CallOf<C>, { body: null }> extends never ? never : C }[Capability];

/** Every call of the registry with its capability, in declaration order. */
export function registryCalls(): Array<{ capability: Capability; call: CallOf<Capability> }> {
  return CAPABILITY_NAMES.flatMap((capability) => (CAPABILITIES[capability].calls as readonly CallOf<Capability>[]).map((call) => ({ capability, call })));
}

const answers = <C extends Capability>(needs: C) => ({ 200: CAPABILITIES[needs].response, 202: AcceptedResponse });

/** A JSON call's route options: the body validated against its schema. */
export const jsonRoute = <C extends Capability, B extends TSchema>(needs: C, call: { summary: string; body: B }) => ({
  config: { needs },
  schema: { tags: STUDIO_TAGS, security: STUDIO_SECURITY, summary: call.summary, body: call.body, response: withErrors(answers(needs), ...GENERATION_ERRORS) },
});

/** A multipart call's route options: a file part is taken only under a name the call declares. */
export const multipartRoute = <C extends Capability>(needs: C, call: { summary: string; files?: readonly string[] }) => ({
  config: { needs, fileFields: call.files ?? [] },
  schema: { tags: STUDIO_TAGS, security: STUDIO_SECURITY, summary: call.summary, consumes: ['multipart/form-data'], response: withErrors(answers(needs), ...MULTIPART_ERRORS) },
});
