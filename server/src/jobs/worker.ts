// `npm run worker`: a process that only runs generation jobs (WORKER_CONCURRENCY at once), beside
// API processes that only queue them (REDIS_URL set, or RUN_JOBS=false). Same database, storage,
// engines and Redis as the API.
import { ConfigError, loadConfig } from '../config/index.ts';
import { createDatabase, migrateToLatest } from '../db/index.ts';
import { ownFilesOnly, privateDataDir } from '../data-dir.ts';
import { createLogger } from '../logger.ts';
import { SigningCredentialsError, startContentCredentials } from '../provenance/index.ts';
import { openStorage } from '../storage/index.ts';
import { createJobSystem, type JobSystem } from './system.ts';

const FORCE_EXIT_MS = 30_000;

ownFilesOnly();
let config;
try {
  config = loadConfig(process.env, 'worker');
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const log = createLogger(config).child({ process: 'worker' });
privateDataDir(config.dataDir, log);
const database = createDatabase(config, (err) => log.error({ err }, 'database pool error'));
await migrateToLatest(database.db);
const storage = await openStorage(config).catch(async (err: unknown) => {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  await database.destroy();
  process.exit(1);
});
let jobs: JobSystem;
try {
  const signer = await startContentCredentials(config);
  jobs = createJobSystem({ db: database.db, config, storage, log, now: Date.now, signer });
} catch (err) {
  // A capability no configured engine can serve (engines/registry.ts), or signing credentials that do not fit.
  if (!(err instanceof ConfigError) && !(err instanceof SigningCredentialsError)) throw err;
  console.error(err.message);
  await database.destroy();
  process.exit(1);
}
jobs.queue.start();
log.info({ concurrency: config.generation.workerConcurrency, engines: config.generation.engines, queue: config.redis ? 'redis' : 'database' }, 'worker running jobs');

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) process.exit(1);
  stopping = true;
  log.info({ signal }, 'worker stopping: running jobs go back to the queue');
  setTimeout(() => process.exit(1), FORCE_EXIT_MS).unref();
  await jobs.queue.stop();
  await jobs.engines.close();
  await database.destroy();
  process.exit(0);
}
process.once('SIGINT', (s) => void shutdown(s));
process.once('SIGTERM', (s) => void shutdown(s));
