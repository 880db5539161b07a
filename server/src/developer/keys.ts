// Personal API keys: made here, kept as their SHA-256, accepted only on the routes that opt in
// (acceptApiKeys) and refused everywhere else with API_KEY_REFUSED. An unknown or revoked key is a
// failure of the client address, as a wrong password is: past KEY_GUESSES_PER_WINDOW in a minute
// the address gets 429 with Retry-After for any key, before the key is looked up (issue 40); a key
// sent from another address is never slowed by them.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX, API_KEY_REFUSED } from '../../../contract/developer.ts';
import { apiKeyFailuresRepository } from '../db/repositories/api-key-failures.ts';
import { apiKeysRepository } from '../db/repositories/api-keys.ts';
import { authenticationRequired } from '../auth/rules.ts';
import { HttpError } from '../http-error.ts';
import { isoAt } from '../time.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set by acceptApiKeys: an API key may call this route as its owner. */
    apiKeys?: boolean;
  }
}

/** last_used_at moves at most this often (not a write on every request). */
const TOUCH_EVERY_MS = 60_000;
const PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** Unknown or revoked keys one client address may send per window before it is refused for the rest of it. */
export const KEY_GUESSES_PER_WINDOW = 20;
const KEY_GUESS_WINDOW_MS = 60_000;

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new key: psk_ + base64url of 32 random bytes, its hash and the prefix to show. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/**
 * Routes registered after this call in `app`'s context (and its children) take an API key
 * beside the session: the OpenAPI document lists the apiKey scheme for them.
 */
export function acceptApiKeys(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), apiKeys: true } as typeof route.config;
    if (route.schema?.security) route.schema.security = [...route.schema.security, { apiKey: [] }];
  });
}

/** The owner of an API key sent as the bearer token; 403 on a route that does not accept keys, 401 for an unknown or revoked key, 429 over the key's rate. */
export function apiKeyAuthenticator(app: FastifyInstance) {
  const keys = apiKeysRepository(app.db);
  const failures = apiKeyFailuresRepository(app.db);
  const rate = app.rateLimit({ max: app.config.developer.apiKeyRatePerMinute, timeWindow: '1 minute', keyGenerator: (request) => `api-key:${request.user?.apiKeyId ?? request.ip}` });
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    if (!request.routeOptions.config.apiKeys) throw new HttpError(403, API_KEY_REFUSED);
    const now = app.now();
    const windowStart = isoAt(now - KEY_GUESS_WINDOW_MS);
    const { owner, guesses } = await keys.byHashFrom(hashApiKey(key), request.ip, windowStart);
    if (guesses.count >= KEY_GUESSES_PER_WINDOW && guesses.oldest) {
      const seconds = Math.max(1, Math.ceil((Date.parse(guesses.oldest) + KEY_GUESS_WINDOW_MS - now) / 1000));
      throw Object.assign(new HttpError(429, `Too many requests with an unknown API key. Please try again in ${seconds} seconds.`), { headers: { 'retry-after': String(seconds) } });
    }
    if (!owner) {
      await failures.record(request.ip, isoAt(now), windowStart);
      throw authenticationRequired();
    }
    request.user = { id: owner.userId, email: owner.email, apiKeyId: owner.keyId };
    await rate.call(app, request, reply);
    if (owner.lastUsedAt === null || Date.parse(owner.lastUsedAt) < now - TOUCH_EVERY_MS) {
      await keys.touch(owner.keyId, isoAt(now), isoAt(now - TOUCH_EVERY_MS));
    }
  };
}
