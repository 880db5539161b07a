// What the server keeps is its own (issue 40): every process entry (API, worker, admin commands)
// makes files 0600 and folders 0700 (umask 077) before it touches DATA_DIR, and DATA_DIR itself is
// 0700: made so, or tightened when an older version left it wider. The database files, the outbox
// and stored media also set their modes where they are written, whatever the umask.
import { chmodSync, mkdirSync, statSync } from 'node:fs';

/** Files this process makes are readable by its own user only. Call first, in a process entry (not in worker threads). */
export function ownFilesOnly(): void {
  process.umask(0o077);
}

/** Makes `dataDir` 0700, or tightens a wider one and says so in the log; answers the mode it had. */
export function privateDataDir(dataDir: string, log: { warn(obj: object, msg: string): void }): number {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode & 0o777;
  if ((mode & 0o077) !== 0) {
    chmodSync(dataDir, 0o700);
    log.warn({ dataDir }, `DATA_DIR was open to other users (0${mode.toString(8)}): it is now 0700`);
  }
  return mode;
}
