/**
 * Throw from a route to answer a 4xx with `{error, field?}`, e.g.
 * `throw new HttpError(400, 'Email is already registered.', 'email')`, or a 5xx whose message is
 * written for the caller (`502, 'The payment provider could not be reached…'`): it is logged and
 * answered with its message. Any other error is answered without its own message.
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
