import { cpSync, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino, type Logger } from 'pino';
import { buildApp } from '../../../server/src/app.ts';
import { loadConfig, withJwtSecret, type Config } from '../../../server/src/config/index.ts';
import { ensureSigningCredentials } from '../../../server/src/provenance/credentials.ts';
import type { App } from '../../../server/src/types.ts';
import type { TestDatabase } from './db.ts';

/** A validated config for tests: silent logs, folders inside the test database's temp folder. */
export function testConfig(database: Pick<TestDatabase, 'dataDir' | 'databaseUrl'>, env: NodeJS.ProcessEnv = {}): Config {
  const publicDir = join(database.dataDir, 'public');
  const mediaDir = join(database.dataDir, 'media');
  mkdirSync(publicDir, { recursive: true });
  mkdirSync(mediaDir, { recursive: true });
  return withJwtSecret(loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    PUBLIC_DIR: publicDir,
    MEDIA_DIR: mediaDir,
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  }));
}

/** A logger whose lines land in `lines`, to check what reaches the logs. */
export function captureLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

/** The app over a test database; the caller closes it (the database is the caller's too). */
export async function buildTestApp(
  database: TestDatabase,
  options: { env?: NodeJS.ProcessEnv; logger?: Logger; extend?: (app: App) => void } = {},
): Promise<{ app: App; config: Config }> {
  const config = testConfig(database, options.env);
  await copyLocalCredentials(config);
  const app = await buildApp(config, { database, logger: options.logger });
  options.extend?.(app);
  await app.ready();
  return { app, config };
}

/**
 * The app's start makes a local signing CA and certificate in a data folder that has none (Content
 * Credentials, server/src/provenance/credentials.ts): 36 to 77 ms of CPU, in every test's fresh
 * folder. Apps built here start with a copy of one made once per worker instead, as a restarted
 * server finds its own. Only for the default local chain: with the operator's files or another
 * organization the app makes its own; provenance-credentials.test checks the making itself.
 */
let credentialsTemplate: Promise<string> | undefined;
async function copyLocalCredentials(config: Config): Promise<void> {
  const { keyFile, chainFile, organization } = config.c2pa;
  const target = join(config.dataDir, 'c2pa');
  if (keyFile || chainFile || organization || existsSync(target)) return;
  credentialsTemplate ??= (async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ps-test-c2pa-'));
    await ensureSigningCredentials({ dataDir: folder });
    return join(folder, 'c2pa');
  })();
  cpSync(await credentialsTemplate, target, { recursive: true });
}
