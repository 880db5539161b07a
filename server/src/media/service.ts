// The user's gallery items as things to act on (issue 45): move one to a character, mark favourites,
// delete (one or many, all or nothing) and read everything about one (GET /api/media/{id}). An item
// is the user's media_items row with a stored file; another user's is as absent as a missing one.
// Deleting takes the rows at once (the gallery and its search follow through gallery_versions) and
// queues their files for the deletions sweep (deletions.ts); the allowance is not given back.
import { CHARACTER_MESSAGES } from '../../../contract/characters.ts';
import { MEDIA_MESSAGES, type MediaDetails, type MediaInput, type MediaPatchBody, type MediaPatchResponse } from '../../../contract/media.ts';
import type { Db } from '../db/index.ts';
import { charactersRepository } from '../db/repositories/characters.ts';
import { jobsRepository } from '../db/repositories/jobs.ts';
import { mediaDeletionsRepository } from '../db/repositories/media-deletions.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import { userFilesRepository } from '../db/repositories/user-files.ts';
import { parseJson } from '../db/util.ts';
import { GROUP_OF, itemOf } from '../gallery/items.ts';
import { HttpError } from '../http-error.ts';
import type { JobInput, MediaSource } from '../jobs/kinds.ts';
import { readAiMark, type AiMark } from '../provenance/read.ts';
import type { MediaStorage } from '../storage/types.ts';
import { USER_FILE_PREFIX } from '../storage/user-files.ts';
import { isoAt } from '../time.ts';

export interface MediaServiceDeps {
  db: Db;
  storage: Pick<MediaStorage, 'url' | 'stream'>;
  now: () => number;
  /** Files were queued for deletion: the sweep should look now. */
  onDeleted: () => void;
}

const notFound = () => new HttpError(404, MEDIA_MESSAGES.notFound);
/** AI marks kept per stored file (a stored file never changes; a video is read whole to find its mark). */
const MARKS_KEPT = 500;
const someNotFound = () => new HttpError(404, MEDIA_MESSAGES.bulkNotFound);

/** The fields of a job input that name media (they are `inputs`, not settings). */
const isSource = (value: unknown): value is MediaSource => typeof value === 'object' && value !== null && 'type' in value && ('key' in value || 'path' in value);

async function bytesOf(storage: MediaServiceDeps['storage'], key: string): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.stream(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function mediaService({ db, storage, now, onDeleted }: MediaServiceDeps) {
  const media = mediaRepository(db);
  const marks = new Map<string, AiMark>();

  async function markOf(key: string, mime: string): Promise<AiMark> {
    let mark = marks.get(key);
    if (!mark) {
      mark = readAiMark(await bytesOf(storage, key), mime);
      marks.set(key, mark);
      if (marks.size > MARKS_KEPT) marks.delete(marks.keys().next().value!);
    }
    return mark;
  }

  /** Every id must be one of the user's items (in `trx`): their keys, else 404 and nothing changes. */
  async function allOwned(trx: Db, userId: string, ids: readonly string[]): Promise<string[]> {
    const rows = await mediaRepository(trx).ownedAmong(userId, ids);
    if (rows.length !== new Set(ids).size) throw someNotFound();
    return rows.map((r) => r.storage_key);
  }

  /** What each media field of the input is, and where it can be seen now. */
  async function inputsOf(userId: string, input: JobInput): Promise<MediaInput[]> {
    const fields = Object.entries(input).filter((entry): entry is [string, MediaSource] => isSource(entry[1]));
    const keys = fields.flatMap(([, s]) => (s.type === 'stored' ? [s.key] : []));
    const items = new Map((await media.byKeys(userId, keys)).map((r) => [r.storage_key, r.id]));
    const kept = await userFilesRepository(db).kept(userId, keys.filter((k) => !items.has(k)));
    return fields.map(([field, source]): MediaInput => {
      if (source.type === 'template') return { field, url: storage.url(`templates/${source.path}`), media_id: null, origin: 'template' };
      const id = items.get(source.key);
      if (id !== undefined) return { field, url: storage.url(source.key), media_id: id, origin: 'gallery' };
      const origin = source.key.startsWith(USER_FILE_PREFIX.fetched) ? 'link' : 'upload';
      // A gallery item deleted since is neither: shown as gone (an upload the user no longer has).
      return { field, url: kept.has(source.key) ? storage.url(source.key) : null, media_id: null, origin };
    });
  }

  return {
    /** PATCH /api/media/{id}: its character (one of the user's, or none) and/or favourite. */
    async patch(userId: string, id: string, body: MediaPatchBody): Promise<MediaPatchResponse> {
      // Unknown fields are stripped before the body arrives: what is left may be nothing.
      if (body.character_id === undefined && body.favourite === undefined) throw new HttpError(400, 'body must have character_id or favourite');
      if (typeof body.character_id === 'string' && !(await charactersRepository(db).ofUserById(userId, body.character_id))) throw new HttpError(404, CHARACTER_MESSAGES.notFound);
      const row = await media.update(userId, id, body);
      if (!row) throw notFound();
      return { id: row.id, character_id: row.character_id, favourite: row.favourite === 1 };
    },

    /** PATCH /api/media/: many favourites at once, all or nothing. */
    async setFavourite(userId: string, ids: readonly string[], favourite: boolean): Promise<number> {
      await db.transaction().execute(async (trx) => {
        await allOwned(trx, userId, ids);
        await mediaRepository(trx).setFavourite(userId, ids, favourite);
      });
      return ids.length;
    },

    /** DELETE /api/media/{id} and POST /api/media/delete: the items go at once, their files with the sweep; all or nothing. */
    async remove(userId: string, ids: readonly string[]): Promise<number> {
      await db.transaction().execute(async (trx) => {
        const keys = await allOwned(trx, userId, ids);
        await mediaRepository(trx).remove(userId, ids, keys);
        await mediaDeletionsRepository(trx).add(userId, keys, isoAt(now()));
      });
      onDeleted();
      return ids.length;
    },

    /** GET /api/media/{id}: the details panel's facts. */
    async details(userId: string, id: string): Promise<MediaDetails> {
      const row = await media.ofUser(userId, id);
      if (!row) throw notFound();
      const job = row.job_id === null ? undefined : await jobsRepository(db).ofUser(userId, row.job_id);
      const input = job ? parseJson<JobInput | null>(job.input, null) : null;
      const settings = input && Object.fromEntries(Object.entries(input).filter(([field, value]) => field !== 'kind' && field !== 'user_id' && !isSource(value)));
      const ai_mark = await markOf(row.storage_key, row.mime);
      return {
        group: GROUP_OF[row.kind],
        item: itemOf(row, (key) => storage.url(key)),
        kind: job?.kind ?? row.kind,
        settings,
        inputs: input ? await inputsOf(userId, input) : [],
        ai_mark,
      };
    },
  };
}

export type MediaService = ReturnType<typeof mediaService>;
