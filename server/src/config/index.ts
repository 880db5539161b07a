import { join } from 'node:path';
import { developerOf } from './developer.ts';
import { generationOf } from './generation.ts';
import { ConfigError, readSettings } from './parse.ts';
import { paymentsOf } from './payments.ts';
import { c2paOf } from './provenance.ts';
import { redisOf } from './queue.ts';
import { settingsSchema } from './settings.ts';
import { s3Of } from './storage.ts';
import type { ProcessRole } from './types.ts';

// Every setting is an environment variable declared once, with its type, default and description,
// in its area's TypeBox schema (server, database, storage, auth, mail, payments, queue, generation,
// provenance, developer); TypeBox's Value pipeline reads and checks them (config/parse.ts), and the
// Settings type is what loadConfig makes of them. What is written here by hand is only what one
// setting says about another. Loading writes nothing: the start makes JWT_SECRET's file
// (withJwtSecret, config/secret.ts).

export { ConfigError } from './parse.ts';
export { withJwtSecret } from './secret.ts';
export { configTable } from './settings.ts';
export { DEFAULT_CLIENT_SECRET, securityKeyFor } from './generation.ts';
export { ENGINE_NAMES, type ConfigDoc } from './setting.ts';
export type * from './types.ts';

/** Reads and validates every setting; throws one ConfigError listing all problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'api') {
  const read = readSettings(settingsSchema, env);
  const { values: s, report } = read;
  const devMailbox = s.DEV_MAILBOX ?? (s.NODE_ENV === 'development' && isLoopbackHost(s.HOST));
  if (devMailbox && s.NODE_ENV === 'production') report('DEV_MAILBOX', 'must not be true in production (the outbox holds sign-up and reset codes)');
  const settings = {
    nodeEnv: s.NODE_ENV,
    host: s.HOST,
    port: s.PORT,
    dataDir: s.DATA_DIR,
    /** Postgres URL, or null for SQLite at `dataDir/app.db`. */
    databaseUrl: s.DATABASE_URL ?? null,
    logLevel: s.LOG_LEVEL,
    publicDir: s.PUBLIC_DIR,
    mediaDir: s.MEDIA_DIR ?? join(s.DATA_DIR, 'media'),
    /** No trailing slash: `/media` or `https://bucket.example/media`. */
    mediaBaseUrl: s.MEDIA_BASE_URL,
    trustProxy: s.TRUST_PROXY,
    /** JWT_SECRET, or null: the start reads (or makes) DATA_DIR/secret.key (config/secret.ts). */
    jwtSecret: s.JWT_SECRET ?? null,
    /** JWT_SECRET_PREVIOUS: what was sealed under it is read and sealed again under the current secret. */
    jwtSecretPrevious: s.JWT_SECRET_PREVIOUS ?? null,
    googleClientId: s.GOOGLE_CLIENT_ID ?? null,
    /** JWKS that Google ID tokens are verified against. */
    googleJwksUrl: s.GOOGLE_JWKS_URL,
    /** null: write mail to `outboxDir` instead of sending it. */
    smtpUrl: s.SMTP_URL ?? null,
    outboxDir: join(s.DATA_DIR, 'outbox'),
    mailFrom: s.MAIL_FROM,
    supportInbox: s.SUPPORT_INBOX,
    /** ISO code reported for private/loopback addresses (development), or null. */
    countryOverride: s.COUNTRY_OVERRIDE ?? null,
    /** Serve the outbox (sign-up and reset codes) at /dev/mailbox and /api/dev/outbox. */
    devMailbox,
    /** Folder of finished site media libraries to reuse, or null. */
    siteMediaCache: s.SITE_MEDIA_CACHE ?? null,
    /** Absolute base URL of the site (no trailing slash), or null to take it from each request. */
    publicUrl: s.PUBLIC_URL ?? null,
    payments: paymentsOf(read),
    generation: generationOf(read, role, env.PATH ?? process.env.PATH),
    /** Users' media in an S3-compatible bucket, or null for MEDIA_DIR. */
    s3: s3Of(read),
    /** Redis (BullMQ queue, shared rate limits, job events), or null: everything stays in this process. */
    redis: redisOf(read),
    /** What Content Credentials are signed with. */
    c2pa: c2paOf(read),
    /** API keys and webhooks. */
    developer: developerOf(read),
  };
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return Object.freeze(settings);
}

/** A HOST only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
