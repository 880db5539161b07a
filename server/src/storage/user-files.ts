// Users' uploads and link copies: put into storage with a row saying whose they are (so a job may
// use only its user's files), deleted with their row when refused, when their account goes, and by
// a sweep: when no job used them within a day, or once no job that read them can be re-run (issue
// 29: a succeeded job's result left the gallery; a failed or canceled one ended over a day ago).
// A character's portrait or voice sample (issue 44) is kept while a character names it; once none
// does, as an unused upload is, for CHARACTER_UPLOAD_TTL_HOURS (or while a job that read it may run).
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { UserFileKind } from '../db/generation-schema.ts';
import type { Db } from '../db/index.ts';
import { userFilesRepository } from '../db/repositories/user-files.ts';
import type { MediaStorage } from './types.ts';
import { isoAt } from '../time.ts';
import { CHARACTER_UPLOAD_TTL_HOURS } from '../../../contract/characters.ts';

/** Key prefixes: unguessable names, like generated media. */
export const USER_FILE_PREFIX: Readonly<Record<UserFileKind, string>> = { upload: 'uploads/', fetched: 'fetched/', portrait: 'characters/portraits/', voice_sample: 'characters/voices/' };
/** True for the key of an upload or link copy (not generated media or a template). */
export const isUserFileKey = (key: string): boolean => Object.values(USER_FILE_PREFIX).some((prefix) => key.startsWith(prefix));
/**
 * A file no job used is kept this long (a page may send the job a little after the link copy); so are
 * the files of a failed or canceled job after it ended (it can be re-run meanwhile).
 */
export const UNUSED_FILE_TTL_MS = 24 * 60 * 60_000;
/** A character's upload (portrait, voice sample) that no character names is kept this long (issue 44). */
export const CHARACTER_UPLOAD_TTL_MS = CHARACTER_UPLOAD_TTL_HOURS * 60 * 60_000;
const SWEEP_BATCH = 200;

export function userFiles(db: Db, storage: MediaStorage, log: Logger) {
  const repo = userFilesRepository(db);

  /** Deletes the objects, then their rows (a failed delete keeps its row for the next sweep); answers how many went. */
  async function discard(keys: readonly string[]): Promise<number> {
    const gone: string[] = [];
    for (const key of keys) {
      try {
        await storage.delete(key);
        gone.push(key);
      } catch (err) {
        log.warn({ err, key }, 'could not delete a user file');
      }
    }
    await repo.remove(gone);
    return gone.length;
  }

  return {
    discard,
    owns: repo.owns,
    markUsed: repo.markUsed,

    /** Puts a checked local file into storage as `userId`'s; the row first, so no object is ever nobody's. */
    async put(userId: string, kind: UserFileKind, file: string, ext: string, mime: string, now: string, seconds: number | null = null): Promise<string> {
      const key = `${USER_FILE_PREFIX[kind]}${randomBytes(16).toString('hex')}.${ext}`;
      await repo.add(userId, kind, key, now, seconds);
      try {
        await storage.put(key, file, mime);
      } catch (err) {
        await repo.remove([key]);
        throw err;
      }
      return key;
    },

    /** Every file of an account (its deletion). */
    async discardAllOf(userId: string): Promise<number> {
      return discard(await repo.keysOfUser(userId));
    },

    /** Deletes what nothing needs any more (see the repository's `stale`); answers how many. */
    async sweep(nowMs: number): Promise<number> {
      const before = isoAt(nowMs - UNUSED_FILE_TTL_MS);
      const charactersBefore = isoAt(nowMs - CHARACTER_UPLOAD_TTL_MS);
      let total = 0;
      for (;;) {
        const keys = await repo.stale(before, SWEEP_BATCH, charactersBefore);
        // A batch whose objects cannot be deleted now would come back at once: leave it to the next sweep.
        const gone = keys.length === 0 ? 0 : await discard(keys);
        total += gone;
        if (gone === 0) return total;
      }
    },
  };
}

export type UserFiles = ReturnType<typeof userFiles>;
