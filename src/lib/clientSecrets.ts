import SHA256 from 'crypto-js/sha256';

// The spec's fixed client secret (document 1 §6, document 2 §3). It ships in the page, so it is
// no protection (ARCHITECTURE §3, §8): it only marks requests as coming from our client.
export const CLIENT_SECRET: string = import.meta.env.VITE_CLIENT_SECRET ?? 'persona-studio-client';

let securityKey: string | undefined;

/** The `security-key` header value: SHA-256 of the fixed secret, hex. */
export function securityKeyHeader(): string {
  securityKey ??= SHA256(CLIENT_SECRET).toString();
  return securityKey;
}
