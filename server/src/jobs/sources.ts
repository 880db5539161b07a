// Turns the URLs a studio call sends into media sources a job can read: the user's own generated
// media, a template, or media /download/ fetched and copied in for this user. Anything else
// (another user's media or copy, a key that does not exist) is refused here, before a job exists,
// with the spec's message for the field.
import sharp from 'sharp';
import type { Db } from '../db/index.ts';
import { mediaRepository } from '../db/repositories/media.ts';
import type { MediaKind } from '../db/schema.ts';
import { HttpError } from '../http-error.ts';
import type { MediaStorage } from '../storage/types.ts';
import { isUserFileKey, USER_FILE_PREFIX, type UserFiles } from '../storage/user-files.ts';
import type { MediaSource } from './kinds.ts';
import { templateByPath } from './templates.ts';

const TEMPLATES_PREFIX = 'templates/';

export function mediaSources({ db, storage, files }: { db: Db; storage: MediaStorage; files: Pick<UserFiles, 'owns'> }) {
  const media = mediaRepository(db);
  return {
    /** One of the user's generated items of `kinds`, by its URL (with or without the page's ?t= query). */
    async ownMedia(userId: string, url: string | undefined, kinds: readonly MediaKind[], message: string, field: string): Promise<{ type: 'stored'; key: string; gender: 'male' | 'female' | null }> {
      const key = url?.trim() ? storage.keyOf(url.trim()) : null;
      if (!key) throw new HttpError(400, message, field);
      const row = await media.ownedByKey(userId, key, kinds);
      if (!row) throw new HttpError(400, message, field);
      return { type: 'stored', key, gender: row.gender };
    },

    /** A template of `kind`, or a copy /download/ made of linked media of `kind` for this user, by URL. */
    async templateOrFetched(userId: string, url: string | undefined, kind: 'image' | 'video', message: string, field: string): Promise<MediaSource> {
      const key = url?.trim() ? storage.keyOf(url.trim()) : null;
      if (key?.startsWith(TEMPLATES_PREFIX)) {
        const template = templateByPath(key.slice(TEMPLATES_PREFIX.length));
        if (template?.kind === kind) return { type: 'template', path: template.path };
      }
      if (key?.startsWith(USER_FILE_PREFIX.fetched)) {
        const isVideo = /\.(mp4|mov|webm)$/i.test(key);
        if (isVideo === (kind === 'video') && (await files.owns(userId, 'fetched', key))) return { type: 'stored', key };
      }
      throw new HttpError(400, message, field);
    },

    /** A stored picture's upright size, from its header (the object is streamed, never kept). */
    async pictureSize(key: string): Promise<{ width: number; height: number }> {
      const reader = sharp();
      (await storage.stream(key)).pipe(reader);
      const meta = await reader.metadata();
      const turned = (meta.orientation ?? 1) >= 5;
      return { width: (turned ? meta.height : meta.width) ?? 0, height: (turned ? meta.width : meta.height) ?? 0 };
    },
  };
}

export type MediaSources = ReturnType<typeof mediaSources>;

/** The user's files (uploads, link copies) among a job's sources. */
export const userFilesOf = (...sources: (MediaSource | undefined)[]): string[] =>
  sources.flatMap((s) => (s?.type === 'stored' && isUserFileKey(s.key) ? [s.key] : []));
