// The files of deleted gallery items (issue 45), deleted by a lease-claimed pump (leased-pump.ts,
// the shape of the job runner and the webhook sender): a delete wakes it, so a file is gone moments
// after its item, and every API process polls, so one queued by a process that stopped goes within
// POLL_MS. A file still needed waits and is looked at again (RECHECK_MS): while a queued or running
// job reads it (the job must still run; the user's later delete does not break it), while one of
// the user's characters has it as its face or voice (the character keeps working; the file goes
// once the character changes face or is deleted). When another item holds the same key the file is
// that item's and stays. A failed delete is tried again with backoff.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import { mediaDeletionsRepository, type MediaDeletionRow } from '../db/repositories/media-deletions.ts';
import { leasedPump, newOwnerId, type LeasedPump } from '../leased-pump.ts';
import type { MediaStorage } from '../storage/types.ts';
import { isoAt } from '../time.ts';

const POLL_MS = 15_000;
const LEASE_MS = 60_000;
/** A file still needed is looked at again after this long. */
export const RECHECK_MS = 60_000;
const RETRY_MS = [5_000, 30_000, 5 * 60_000, 30 * 60_000];

export interface MediaDeletionsDeps {
  db: Db;
  storage: Pick<MediaStorage, 'delete'>;
  log: FastifyBaseLogger;
  now: () => number;
}

export function mediaDeletions({ db, storage, log, now }: MediaDeletionsDeps): LeasedPump {
  const repo = mediaDeletionsRepository(db);
  const owner = newOwnerId();
  return leasedPump<MediaDeletionRow>({
    claim: (max, lease) => repo.claim(owner, lease.now, lease.leaseUntil, max),
    async run(row) {
      const needed = await repo.stillNeeded(row.storage_key);
      if (needed === 'item') return repo.done(row.storage_key, owner);
      if (needed) return repo.later(row.storage_key, owner, isoAt(now() + RECHECK_MS), false);
      try {
        await storage.delete(row.storage_key);
      } catch (err) {
        log.warn({ err, storage_key: row.storage_key }, 'could not delete a deleted item\'s file: trying again');
        return repo.later(row.storage_key, owner, isoAt(now() + RETRY_MS[Math.min(row.attempts, RETRY_MS.length - 1)]!), true);
      }
      await repo.done(row.storage_key, owner);
    },
    onError: (err, row) => log.error({ err, storage_key: row?.storage_key }, 'media deletions: a claim or run failed'),
    // A database already gone (closing after it) holds no lease of ours worth giving back.
    release: () => repo.release(owner).catch((err: unknown) => log.warn({ err }, 'media deletions: could not give back leases')),
    now,
    leaseMs: LEASE_MS,
    pollMs: POLL_MS,
    concurrency: 4,
    batch: 20,
  });
}
