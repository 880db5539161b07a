// What the outside services' REST clients (Razorpay, PayPal, Replicate, ComfyUI) share: failure
// messages that are short and never carry a credential, a readable reason for a fetch that threw,
// and header lookup on webhook requests.

/** Failure messages are cut to this length (after redaction). */
export const MAX_MESSAGE = 300;

/** A short reason for a fetch that threw: time-out, or the connection's error code. */
export function networkProblem(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timed out after ${timeoutMs} ms`;
  const code = err instanceof Error && err.cause instanceof Error ? (err.cause as NodeJS.ErrnoException).code : undefined;
  return `could not be reached${code ? ` (${code})` : ''}`;
}

/**
 * Replaces every given secret in a message (a vendor that echoes a credential must not leak it).
 * Secrets are read on each call, so one that changes (an OAuth token) is covered too.
 */
export function redactor(secrets: () => readonly string[]): (message: string) => string {
  return (message) => secrets().filter((s) => s.length >= 4).reduce((m, secret) => m.split(secret).join('[redacted]'), message);
}

/** One header's value, whatever its case; undefined when absent or repeated. */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    if (Array.isArray(value)) return value.length === 1 ? value[0] : undefined;
    return value;
  }
  return undefined;
}
