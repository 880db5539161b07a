// Characters' test helpers (issue 44): calls with the bearer token, a generated picture of the user's
// in storage and the gallery, a character made through the API, and what a user has left behind.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Character } from '../../../contract/characters.ts';
import '../../../server/src/db/characters-schema.ts';
import { consentsRepository } from '../../../server/src/db/repositories/consents.ts';
import { multipart, type FormFields, type StudioApp, type StudioUser } from './studio.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A JSON call with the user's bearer token (no security key: the characters routes do not ask for it). */
export const req = (t: StudioApp, user: StudioUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${user.access}` } });

/** POST /api/characters/uploads with `fields` (a file part and consent). */
export function uploadForCharacter(t: StudioApp, user: StudioUser, fields: FormFields) {
  const form = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/characters/uploads', payload: form.payload, headers: { ...form.headers, authorization: `Bearer ${user.access}` } });
}

/** A generated picture of the user's (kind 'face' or 'image') in storage and the gallery, as the runner would leave it; its URL. */
export async function storedPicture(t: StudioApp, user: StudioUser, kind: 'face' | 'image', dir: string, characterId: string | null = null): Promise<{ url: string; key: string; id: string }> {
  const key = `gen/${randomUUID().replaceAll('-', '')}.png`;
  const file = join(dir, key.slice(4));
  await sharp({ create: { width: 64, height: 96, channels: 3, background: '#806040' } }).png().toFile(file);
  await t.app.storage.put(key, file, 'image/png');
  const id = randomUUID();
  const at = new Date(t.clock.now()).toISOString();
  await t.app.db.insertInto('media_items').values({ id, user_id: user.userId, job_id: null, kind, gender: 'female', url: t.app.storage.url(key), storage_key: key, mime: 'image/png', bytes: 1, face_prompt: null, created_at: at, character_id: characterId }).execute();
  return { url: t.app.storage.url(key), key, id };
}

/** POST /api/characters (201 expected): the character. */
export async function newCharacter(t: StudioApp, user: StudioUser, body: Record<string, unknown>): Promise<Character> {
  const res = await req(t, user, 'POST', '/api/characters', { gender: 'female', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** What a user has left behind: jobs, uploads and link copies, consents, characters. */
export async function leftBy(t: StudioApp, user: StudioUser) {
  const count = async (table: 'jobs' | 'user_files' | 'characters') =>
    Number((await t.app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', user.userId).executeTakeFirstOrThrow()).n);
  return { jobs: await count('jobs'), files: await count('user_files'), consents: (await consentsRepository(t.app.db).ofUser(user.userId)).length, characters: await count('characters') };
}
