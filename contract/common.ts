import { Type, type Static, type TSchema } from 'typebox';

/** Every 4xx/5xx body: a message the page can show, and the offending field when there is one. */
export const ErrorBody = Type.Object({
  error: Type.String(),
  field: Type.Optional(Type.String()),
});
export type ErrorBody = Static<typeof ErrorBody>;

/** A multipart file part under a name the route does not take (its `field` is the name as sent, cut to 100 characters). */
export const UNEXPECTED_FILE_FIELD = 'Unexpected file field.';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * A route's response map with ErrorBody under each listed error status, e.g.
 * `response: withErrors({ 200: Profile }, 400, 404)`. 500 is always added.
 */
export function withErrors<R extends Record<number, TSchema>, S extends ErrorStatus>(
  ok: R,
  ...statuses: S[]
): R & Record<S | 500, typeof ErrorBody> {
  const errors = Object.fromEntries([...statuses, 500].map((s) => [s, ErrorBody]));
  return { ...ok, ...errors } as R & Record<S | 500, typeof ErrorBody>;
}
