import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../config/index.ts';
import { s3MediaOrigin } from '../storage/s3-urls.ts';
import { closeRedis, firstConnection, RATE_LIMIT_REDIS_MS, redisClient } from '../redis.ts';
import { globalPlugin } from './global-plugin.ts';

/**
 * Security headers and rate limiting. Rate limits are opt-in per route:
 * `config: { rateLimit: { max: 5, timeWindow: '1 minute' } }` in the route options. With REDIS_URL the
 * counters live in Redis, so a limit holds across every API process; if Redis is down or does not answer
 * within 1 s, requests pass rather than fail (sign-in failures and code sends are also counted in the database).
 */
export const securityPlugin = globalPlugin<{ config: Config }>(async (app, { config }) => {
  // helmet's middleware, made once: it works out its headers when made, then only sets them.
  // (@fastify/helmet made it again for every request, parsing the CSP each time.)
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Google sign-in opens a popup that must be able to message us back.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The browser default; Google sign-in needs the origin in the Referer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)));
  const redis = config.redis ? redisClient(config.redis, 'rate-limit', app.log) : null;
  if (redis) {
    app.addHook('onClose', () => closeRedis(redis));
    // Checks made before the first connection would pass (no offline queue): start connected if Redis is there.
    await firstConnection(redis, RATE_LIMIT_REDIS_MS);
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis && config.redis ? { redis, nameSpace: `${config.redis.prefix}:rate-limit:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests. Please try again in ${context.after}.`,
    }),
  });
});

/** The page's needs: own scripts and workers, emotion's inline styles, media from our origin or bucket. */
export function cspDirectives(config: Pick<Config, 'mediaBaseUrl' | 'googleClientId' | 's3'>): Record<string, string[]> {
  const bucket = s3MediaOrigin(config.s3);
  const media = [...(/^https?:\/\//.test(config.mediaBaseUrl) ? [new URL(config.mediaBaseUrl).origin] : []), ...(bucket ? [bucket] : [])];
  const google = config.googleClientId ? ['https://accounts.google.com'] : [];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    manifestSrc: ["'self'"],
    // wasm-unsafe-eval: ffmpeg.wasm compiles WebAssembly; blob: lets its worker load a blob-URL core.
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'blob:', ...google],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:', ...media],
    mediaSrc: ["'self'", 'data:', 'blob:', ...media],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...media, ...google],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: google.length > 0 ? google : ["'none'"],
  };
}
