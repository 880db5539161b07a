// The creator's workspace API (issue 45) on SQLite and Postgres: PATCH /api/media/{id} (character and
// favourite), the bulk favourite and delete (all or nothing), DELETE /api/media/{id} (gone from the
// gallery and its search at once, its file after the deletions sweep, kept while a queued job or a
// character reads it), the gallery's favourites filter with its cursor, GET /api/media/{id}, API
// keys, 400 by field, 401 and 404 for another user's ids. Jobs do not run here (RUN_JOBS=false):
// media-jobs.test.ts makes real items with the local engine.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { MEDIA_BULK_MAX, MEDIA_MESSAGES } from '../../contract/media.ts';
import { migrateToLatest } from '../../server/src/db/index.ts';
import { migrations } from '../../server/src/db/migrations/index.ts';
import { newId } from '../../server/src/db/util.ts';
import { RECHECK_MS } from '../../server/src/media/deletions.ts';
import { newCharacter, req, storedPicture } from './support/characters.ts';
import { engines, useTestDatabase, migratingSafely } from './support/db.ts';
import { newKey } from './support/developer.ts';
import { studioApp, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-media-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const NO_JOBS = { RUN_JOBS: 'false' };
type Item = { id: string; favourite?: boolean };

describe.each(engines)('the media API on %s', (engine) => {
  const database = useTestDatabase(engine);
  let t: StudioApp;
  let u: StudioUser;
  let v: StudioUser;

  async function setUp() {
    t = await studioApp(database.current, NO_JOBS);
    u = await t.user(`u-${engine}-${newId()}@example.com`);
    v = await t.user(`v-${engine}-${newId()}@example.com`);
  }
  /** Seeded pictures, the newest last, a second apart. */
  async function pictures(user: StudioUser, n: number, kind: 'face' | 'image' = 'image') {
    const made = [];
    for (let i = 0; i < n; i++) {
      made.push(await storedPicture(t, user, kind, scratch));
      t.clock.advance(1000);
    }
    return made;
  }
  const gallery = async (user: StudioUser, body: object = {}) => {
    const res = await t.call(user, '/api/gallery/', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Record<string, Item[]> & { next_cursor?: string };
  };
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('PATCH marks a favourite and moves to a character; 400 by field, 401, 404 for another user\'s item or character', async () => {
    await setUp();
    const [a] = await pictures(u, 1);
    const mia = await newCharacter(t, u, { name: 'Mia', face_url: a!.url });
    let res = await req(t, u, 'PATCH', `/api/media/${a!.id}`, { favourite: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: a!.id, character_id: null, favourite: true });
    // The gallery answers it at once (its kept copy follows the write).
    expect((await gallery(u)).images![0]).toMatchObject({ id: a!.id, favourite: true });
    res = await req(t, u, 'PATCH', `/api/media/${a!.id}`, { character_id: mia.id, favourite: false });
    expect(res.json()).toEqual({ id: a!.id, character_id: mia.id, favourite: false });
    expect((await gallery(u)).images![0]).toMatchObject({ id: a!.id, favourite: false, character_id: mia.id });

    for (const [body, field] of [[{ favourite: 'very' }, 'favourite'], [{ character_id: 'x'.repeat(65) }, 'character_id'], [{ colour: 'red' }, undefined], [{}, undefined]] as const) {
      res = await req(t, u, 'PATCH', `/api/media/${a!.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    expect((await t.app.inject({ method: 'PATCH', url: `/api/media/${a!.id}`, payload: { favourite: true } })).statusCode).toBe(401);
    for (const [who, id] of [[v, a!.id], [u, newId()]] as const) {
      res = await req(t, who, 'PATCH', `/api/media/${id}`, { favourite: true });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(MEDIA_MESSAGES.notFound);
    }
    // Nothing changed by the refusals.
    expect((await gallery(u)).images![0]).toMatchObject({ favourite: false, character_id: mia.id });
    await t.app.close();
  });

  it('bulk favourite and delete are all or nothing; 400 by field; 401', async () => {
    await setUp();
    const mine = await pictures(u, 3);
    const [theirs] = await pictures(v, 1);
    const ids = mine.map((m) => m.id);
    const refusals: [string, string, object, number, string | undefined][] = [
      ['PATCH', '/api/media/', { ids: [...ids, theirs!.id], favourite: true }, 404, undefined],
      ['PATCH', '/api/media/', { ids: [...ids, newId()], favourite: true }, 404, undefined],
      ['POST', '/api/media/delete', { ids: [ids[0], theirs!.id] }, 404, undefined],
      ['PATCH', '/api/media/', { ids: [], favourite: true }, 400, 'ids'],
      ['PATCH', '/api/media/', { ids: [ids[0], ids[0]], favourite: true }, 400, 'ids'],
      ['PATCH', '/api/media/', { ids }, 400, 'favourite'],
      ['POST', '/api/media/delete', { ids: Array.from({ length: MEDIA_BULK_MAX + 1 }, () => newId()) }, 400, 'ids'],
      ['POST', '/api/media/delete', {}, 400, 'ids'],
    ];
    for (const [method, url, body, code, field] of refusals) {
      const res = await req(t, u, method as 'PATCH' | 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(code);
      if (code === 404) expect(res.json().error).toBe(MEDIA_MESSAGES.bulkNotFound);
      else expect(res.json().field, `${method} ${url} ${JSON.stringify(body)}`).toBe(field);
    }
    // Nothing changed: no favourite, every item still there, the other user's too.
    expect((await gallery(u)).images!.map((i) => [i.id, i.favourite])).toEqual([...ids].reverse().map((id) => [id, false]));
    expect((await gallery(v)).images!.map((i) => i.id)).toEqual([theirs!.id]);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/media/', payload: { ids, favourite: true } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/media/delete', payload: { ids } })).statusCode).toBe(401);

    let res = await req(t, u, 'PATCH', '/api/media/', { ids: ids.slice(0, 2), favourite: true });
    expect([res.statusCode, res.json()]).toEqual([200, { count: 2 }]);
    expect((await gallery(u)).images!.map((i) => i.favourite)).toEqual([false, true, true]);
    res = await req(t, u, 'POST', '/api/media/delete', { ids: ids.slice(1) });
    expect([res.statusCode, res.json()]).toEqual([200, { count: 2 }]);
    expect((await gallery(u)).images!.map((i) => i.id)).toEqual([ids[0]]);
    await t.app.close();
  });

  it('favourites: true answers only favourites, page by page with its cursor; a cursor of another search is refused', async () => {
    await setUp();
    const made = await pictures(u, 7);
    const favourites = made.filter((_, i) => i % 2 === 0).map((m) => m.id);
    expect((await req(t, u, 'PATCH', '/api/media/', { ids: favourites, favourite: true })).statusCode).toBe(200);
    const seen: string[] = [];
    let page = await gallery(u, { favourites: true, kinds: ['images'], limit: 3 });
    seen.push(...page.images!.map((i) => i.id));
    expect(page.images!.every((i) => i.favourite)).toBe(true);
    expect(page.next_cursor).toEqual(expect.any(String));
    // The cursor carries the filter: without favourites it belongs to another search.
    const wrong = await t.call(u, '/api/gallery/', { kinds: ['images'], limit: 3, cursor: page.next_cursor });
    expect([wrong.statusCode, wrong.json().field]).toEqual([400, 'cursor']);
    page = await gallery(u, { favourites: true, kinds: ['images'], limit: 3, cursor: page.next_cursor });
    seen.push(...page.images!.map((i) => i.id));
    expect(page.next_cursor).toBeUndefined();
    expect(seen).toEqual([...favourites].reverse());
    // false is the same as leaving it out.
    expect((await gallery(u, { favourites: false, kinds: ['images'] })).images).toHaveLength(7);
    await t.app.close();
  });

  it('DELETE takes an item from the gallery and its search at once and its file with the sweep; a queued job\'s input or a character\'s face waits', async () => {
    await setUp();
    const [face, used, plain] = await pictures(u, 3, 'face');
    await t.app.db.updateTable('media_items').set({ search_text: 'golden hour' }).where('id', '=', plain!.id).execute();
    // A queued job reads `used`; a character has `face` as its face.
    const queued = await t.call(u, '/api/generate-image-prompt/', { face_url: used!.url, prompt: 'beach' }, { prefer: 'respond-async' });
    expect(queued.statusCode, queued.body).toBe(202);
    const mia = await newCharacter(t, u, { name: 'Mia', face_url: face!.url });
    expect((await gallery(u, { q: 'golden' })).faces!.map((i) => i.id)).toEqual([plain!.id]);
    // An upscale of `plain`: it stays, no longer naming its source once that is deleted.
    const [upscaled] = await pictures(u, 1);
    await t.app.db.updateTable('media_items').set({ upscaled_from: plain!.key, scale: 2 }).where('id', '=', upscaled!.id).execute();
    expect((await gallery(u)).images![0]).toMatchObject({ id: upscaled!.id, upscaled_from: plain!.url, scale: 2 });

    expect((await req(t, v, 'DELETE', `/api/media/${plain!.id}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${plain!.id}` })).statusCode).toBe(401);
    for (const item of [plain, used, face]) {
      const res = await req(t, u, 'DELETE', `/api/media/${item!.id}`);
      expect(res.statusCode, res.body).toBe(204);
    }
    // Gone from the gallery and its search at once, before any file went.
    expect((await gallery(u)).faces).toEqual([]);
    expect((await gallery(u)).images![0]).toMatchObject({ id: upscaled!.id, upscaled_from: null, scale: 2 });
    expect((await gallery(u, { q: 'golden' })).faces).toEqual([]);
    expect((await req(t, u, 'GET', `/api/media/${plain!.id}`)).statusCode).toBe(404);
    expect((await req(t, u, 'DELETE', `/api/media/${plain!.id}`)).statusCode).toBe(404);

    await t.app.media.deletions.idle();
    expect(await status(plain!.url)).toBe(404);
    // Still read by the queued job and the character: kept, and looked at again later.
    expect(await status(used!.url)).toBe(200);
    expect(await status(face!.url)).toBe(200);
    expect((await req(t, u, 'GET', `/api/characters/${mia.id}`)).json().face_url).toBe(face!.url);

    // The job is canceled and the character deleted: both files go at the next look.
    expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${queued.json().job_id}/cancel`, headers: { authorization: `Bearer ${u.access}` } })).statusCode).toBe(200);
    expect((await req(t, u, 'DELETE', `/api/characters/${mia.id}`)).statusCode).toBe(204);
    await t.app.media.deletions.idle();
    expect(await status(used!.url)).toBe(200);
    t.clock.advance(RECHECK_MS);
    await t.app.media.deletions.idle();
    expect(await status(used!.url)).toBe(404);
    expect(await status(face!.url)).toBe(404);
    await t.app.close();
  });

  it('API keys reach every media route; the OpenAPI document lists them with the apiKey scheme', async () => {
    await setUp();
    const [a, b] = await pictures(u, 2);
    const { key } = await newKey(t, u);
    const withKey = (method: 'GET' | 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${key}` } });
    expect((await withKey('GET', `/api/media/${a!.id}`)).json()).toMatchObject({ group: 'images', item: { id: a!.id, image_url: a!.url }, kind: 'image', settings: null, inputs: [] });
    expect((await withKey('PATCH', `/api/media/${a!.id}`, { favourite: true })).json().favourite).toBe(true);
    expect((await withKey('PATCH', '/api/media/', { ids: [b!.id], favourite: true })).json()).toEqual({ count: 1 });
    expect((await withKey('POST', '/api/media/delete', { ids: [b!.id] })).json()).toEqual({ count: 1 });
    expect((await withKey('DELETE', `/api/media/${a!.id}`)).statusCode).toBe(204);
    expect((await gallery(u)).images).toEqual([]);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, methods] of [['/api/media/{id}', ['get', 'patch', 'delete']], ['/api/media/', ['patch']], ['/api/media/delete', ['post']]] as const) {
      for (const method of methods) expect(doc.paths[path]?.[method]?.security, `${method} ${path}`).toContainEqual({ apiKey: [] });
    }
    expect(doc.paths['/api/gallery/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('favourites');
    await t.app.close();
  });
});

describe.each(engines)('0021_workspace on %s', (engine) => {
  const database = useTestDatabase(engine, { migrate: false });

  it('fills the source and engine of items made before it from their job; their size stays unknown', async () => {
    const db = database.current.db;
    const schema = db.getExecutor().adapter instanceof PostgresAdapter ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    const before = await migratingSafely(database.current, () => new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema }).migrateTo('0020_characters'));
    expect(before.error).toBeUndefined();
    const userId = newId();
    const now = '2026-11-01T00:00:00.000Z';
    await db.insertInto('users').values({ id: userId, email: `${userId}@example.com`, name: 'Old', password_hash: null, created_at: now, updated_at: now }).execute();
    const inputs = [
      { kind: 'face', gender: 'female', celebrities: ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr'] },
      { kind: 'swapImage', gender: 'female', face: { type: 'stored', key: 'gen/f.png' }, target: { type: 'template', path: 'ImageTemplate/7.jpg' } },
    ];
    for (const [i, input] of inputs.entries()) {
      const jobId = newId();
      await db.insertInto('jobs').values({ id: jobId, user_id: userId, kind: input.kind, status: 'succeeded', input: JSON.stringify(input), engine: 'comfyui', created_at: now, updated_at: now }).execute();
      await sql`insert into media_items (id, user_id, job_id, kind, gender, url, storage_key, mime, bytes, face_prompt, created_at)
        values (${`m${i}`}, ${userId}, ${jobId}, ${i === 0 ? 'face' : 'image'}, 'female', '/media/k', ${`gen/${i}.png`}, 'image/png', 1, null, ${now})`.execute(db);
    }
    // An item without a job (seeded, or its job gone).
    await sql`insert into media_items (id, user_id, job_id, kind, gender, url, storage_key, mime, bytes, face_prompt, created_at)
      values ('m2', ${userId}, null, 'image', 'female', '/media/k', 'gen/2.png', 'image/png', 1, null, ${now})`.execute(db);
    expect(await migratingSafely(database.current, () => migrateToLatest(db))).toContain('0021_workspace');
    const rows = await db.selectFrom('media_items').select(['id', 'favourite', 'source_kind', 'source_text', 'engine', 'width', 'height', 'duration_seconds']).orderBy('id').execute();
    const unknown = { favourite: 0, width: null, height: null, duration_seconds: null };
    expect(rows).toEqual([
      { id: 'm0', source_kind: 'celebrities', source_text: 'Ada Lovelace, Grace Hopper, Hedy Lamarr', engine: 'comfyui', ...unknown },
      { id: 'm1', source_kind: 'template', source_text: 'Template 7', engine: 'comfyui', ...unknown },
      { id: 'm2', source_kind: null, source_text: null, engine: null, ...unknown },
    ]);
  });
});
