/**
 * Throw from a route to answer a 4xx with `{error, field?}`, e.g.
 * `throw new HttpError(400, 'Email is already registered.', 'email')`.
 * A 5xx HttpError is logged and answered without its message, like any other failure.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
