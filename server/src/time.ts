// Times as the database stores them: ISO 8601 text in UTC (toISOString), compared as strings.

/** The stored form of a moment given in epoch milliseconds (the app's clock: `app.now()`, `now()`). */
export const isoAt = (ms: number): string => new Date(ms).toISOString();

/** The stored form of a time another service wrote in any form Date.parse reads; null when it is none. */
export function isoFromText(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : isoAt(ms);
}
