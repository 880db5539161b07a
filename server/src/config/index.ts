import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDeveloper } from './developer.ts';
import { readGeneration } from './generation.ts';
import { readPayments } from './payments.ts';
import { readC2pa } from './provenance.ts';
import { readRedis } from './queue.ts';
import { ConfigError, EnvReader } from './reader.ts';
import { SETTINGS } from './settings.ts';
import { readS3 } from './storage.ts';
import type { ProcessRole, Settings } from './types.ts';

// Every setting is an environment variable declared once, with its type, default and description,
// in its area's TypeBox schema (server, database, storage, auth, mail, payments, queue, generation,
// provenance, developer);
// loadConfig reads them by those schemas, then checks what one setting says about another.
// Loading writes nothing: the start makes JWT_SECRET's file (withJwtSecret, config/secret.ts).

export { ConfigError } from './reader.ts';
export { withJwtSecret } from './secret.ts';
export { configTable } from './settings.ts';
export { DEFAULT_CLIENT_SECRET, securityKeyFor } from './generation.ts';
export { ENGINE_NAMES, type ConfigDoc } from './setting.ts';
export type * from './types.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Reads and validates every setting; throws one ConfigError listing all problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: ProcessRole = 'api'): Settings {
  const r = new EnvReader(env, SETTINGS);
  const dataDir = r.path('DATA_DIR');
  const partial = {
    nodeEnv: r.oneOf('NODE_ENV'),
    host: r.word('HOST'),
    port: r.int('PORT'),
    dataDir,
    databaseUrl: r.databaseUrl('DATABASE_URL'),
    logLevel: r.oneOf('LOG_LEVEL'),
    publicDir: r.path('PUBLIC_DIR', join(REPO_ROOT, 'dist')),
    mediaDir: r.path('MEDIA_DIR', join(dataDir, 'media')),
    mediaBaseUrl: r.baseUrl('MEDIA_BASE_URL'),
    trustProxy: r.trustProxy('TRUST_PROXY'),
    googleClientId: r.text('GOOGLE_CLIENT_ID') ?? null,
    googleJwksUrl: r.baseUrl('GOOGLE_JWKS_URL'),
    smtpUrl: r.smtpUrl('SMTP_URL'),
    outboxDir: join(dataDir, 'outbox'),
    mailFrom: r.text('MAIL_FROM') ?? '',
    supportInbox: r.text('SUPPORT_INBOX') ?? '',
    countryOverride: r.countryCode('COUNTRY_OVERRIDE'),
    siteMediaCache: r.raw('SITE_MEDIA_CACHE') === undefined ? null : r.path('SITE_MEDIA_CACHE'),
  };
  const payments = readPayments(r, partial.nodeEnv);
  const redis = readRedis(r);
  const generation = readGeneration(r, partial.nodeEnv, role, redis !== null);
  const s3 = readS3(r);
  const publicUrl = r.raw('PUBLIC_URL') === undefined ? null : r.absoluteUrl('PUBLIC_URL');
  const devMailbox = r.flag('DEV_MAILBOX', partial.nodeEnv === 'development' && isLoopbackHost(partial.host));
  if (devMailbox && partial.nodeEnv === 'production') r.problem('DEV_MAILBOX', 'must not be true in production (the outbox holds sign-up and reset codes)');
  const jwtSecret = r.secret('JWT_SECRET') ?? null;
  const jwtSecretPrevious = r.secret('JWT_SECRET_PREVIOUS') ?? null;
  const c2pa = readC2pa(r);
  const developer = readDeveloper(r, partial.nodeEnv);
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return Object.freeze({ ...partial, devMailbox, jwtSecret, jwtSecretPrevious, publicUrl, payments, generation, s3, redis, c2pa, developer });
}

/** A HOST only this machine can reach. */
function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
