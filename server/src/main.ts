import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, withJwtSecret, type Config } from './config/index.ts';
import { createDatabase, migrateToLatest } from './db/index.ts';
import { ownFilesOnly, privateDataDir } from './data-dir.ts';
import { postalIndex } from './billing/postal.ts';
import { SigningCredentialsError } from './provenance/index.ts';
import { createLogger } from './logger.ts';
import { startSiteMedia } from './media/siteMediaLibrary.ts';
import { ensureTemplates, templateLibraryOf } from './templates/library.ts';

const FORCE_EXIT_MS = 10_000;

function readConfig(): Config {
  try {
    // JWT_SECRET, else DATA_DIR/secret.key, made on the first start.
    return withJwtSecret(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

// Before anything is written (the secret file is made while reading the settings).
ownFilesOnly();
const config = readConfig();
const log = createLogger(config);
privateDataDir(config.dataDir, log);
mkdirSync(config.mediaDir, { recursive: true });
if (!existsSync(join(config.publicDir, 'index.html'))) {
  log.warn({ publicDir: config.publicDir }, 'the page is not built (run npm run build); serving the API only');
}

const database = createDatabase(config, (err) => log.error({ err }, 'database pool error'));
const applied = await migrateToLatest(database.db);
log.info({ engine: database.engine, applied }, 'database ready');

const app = await buildApp(config, { database, logger: log }).catch(async (err: unknown) => {
  if (!(err instanceof ConfigError) && !(err instanceof SigningCredentialsError)) throw err;
  // A setting the services behind it refuse (an S3 bucket that does not answer, a signing key that
  // does not fit its certificate): say which.
  console.error(err.message);
  await database.destroy();
  process.exit(1);
});
await app.listen({ host: config.host, port: config.port });
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
log.info(`Persona Studio is running at http://${shownHost}:${config.port}`);
if (!config.smtpUrl) {
  const reading = config.devMailbox ? `; read it at http://${shownHost}:${config.port}/dev/mailbox`
    : config.nodeEnv === 'production' ? ' (set SMTP_URL to send it)' : '; DEV_MAILBOX=true shows it at /dev/mailbox';
  log.info(`Mail (sign-up and reset codes) is kept in ${config.outboxDir}${reading}`);
}
// In the background: requests are served while missing site media is made (GET /api/site_media_status).
void startSiteMedia({ mediaDir: config.mediaDir, ffmpeg: config.generation.ffmpegPath, cacheDir: config.siteMediaCache, logger: log });
// Templates: thumbnails first, then pictures, then videos (a template asked for before it is made
// is made on the spot: see jobs/plugin.ts).
if (config.generation.templatesAtStart) {
  void ensureTemplates({ ...templateLibraryOf(config), logger: log }).catch((err: unknown) =>
    log.error({ err }, 'the template library could not be made'),
  );
}
// India's postal index takes about 0.3 s to build: build it now, not on the first buyer's pincode.
postalIndex('IN').catch((err: unknown) => log.warn({ err }, 'postal data for India could not be loaded'));

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    log.warn({ signal }, 'second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  log.info({ signal }, 'shutting down');
  setTimeout(() => {
    log.error('shutdown took too long: exiting');
    process.exit(1);
  }, FORCE_EXIT_MS).unref();
  try {
    await app.close();
    await database.destroy();
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
