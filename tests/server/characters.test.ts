// Characters (issue 44), the API on SQLite and Postgres: CRUD and every refusal (400 naming the
// field, 404 for another user's, 409 for a taken name or past the limit), the portrait and
// voice-sample uploads (real type by magic bytes, audio length decoded, consent; a refusal stores
// nothing) and their sweep, the preset voices' preview, the gallery's character filter and moving
// an item, deleting a character both ways, account deletion, API keys and the OpenAPI document.
// Jobs do not run here (RUN_JOBS=false): studio-characters.test.ts covers the calls.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARACTER_MESSAGES, CHARACTERS_MAX, VOICE_PRESETS, type Character } from '../../contract/characters.ts';
import { nameKeyOf } from '../../server/src/db/repositories/characters.ts';
import { newId } from '../../server/src/db/util.ts';
import { leftBy, newCharacter, req, storedPicture, uploadForCharacter } from './support/characters.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { newKey, withKey } from './support/developer.ts';
import { sineWav, studioApp, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-characters-'));
let png: Buffer;
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
beforeAll(async () => {
  png = await sharp({ create: { width: 48, height: 64, channels: 3, background: '#aa6633' } }).png().toBuffer();
});

const NO_JOBS = { RUN_JOBS: 'false' };
const HOUR = 60 * 60_000;

describe.each(engines)('characters on %s', (engine) => {
  const database = useTestDatabase(engine);
  let t: StudioApp;
  let u: StudioUser;
  let v: StudioUser;

  async function setUp(env: NodeJS.ProcessEnv = NO_JOBS) {
    t = await studioApp(database.current, env);
    u = await t.user(`u-${engine}-${newId()}@example.com`);
    // Another user, and one with no plan: characters need none.
    v = await t.user(`v-${engine}-${newId()}@example.com`, null);
  }

  it('CRUD with every refusal: 400 naming the field, 404 for another user\'s, 409 for a taken name and past the limit', async () => {
    await setUp();
    let res = await req(t, u, 'GET', '/api/characters');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ characters: [], voices: VOICE_PRESETS.map(({ id, gender, label, pitch, speed }) => ({ id, gender, label, pitch, speed })) });
    expect((await t.app.inject({ method: 'GET', url: '/api/characters' })).statusCode).toBe(401);

    const face = await storedPicture(t, u, 'face', scratch);
    const mia = await newCharacter(t, u, { name: '  Mia  ', face_url: face.url, bio: 'Travels.', style: 'golden hour, film grain' });
    expect(mia).toMatchObject({
      name: 'Mia', gender: 'female', face_url: face.url, bio: 'Travels.', style: 'golden hour, film grain',
      voice: { type: 'preset', preset: 'female-warm', pitch: 50, speed: 160 }, counts: { faces: 0, images: 0, videos: 0, cloth: 0, audio: 0, gen_video: 0 },
    });
    expect(mia.last_activity_at).toBe(mia.updated_at);

    const refusals: [object, number, string | undefined][] = [
      [{ name: 'mia ', face_url: face.url }, 409, 'name'],
      [{ name: '   ', face_url: face.url }, 400, 'name'],
      [{ name: 'x'.repeat(61), face_url: face.url }, 400, 'name'],
      [{ name: 'No gender', gender: 'other', face_url: face.url }, 400, 'gender'],
      [{ name: 'No face' }, 400, 'face_url'],
      [{ name: 'Template face', face_url: '/media/templates/ImageTemplate/3.jpg' }, 400, 'face_url'],
      [{ name: 'Long bio', face_url: face.url, bio: 'b'.repeat(501) }, 400, 'bio'],
      [{ name: 'Long style', face_url: face.url, style: 's'.repeat(201) }, 400, 'style'],
      [{ name: 'Wrong voice', face_url: face.url, voice: { type: 'preset', preset: 'male-deep' } }, 400, 'voice'],
      [{ name: 'Loud', face_url: face.url, voice: { type: 'preset', preset: 'female-calm', pitch: 100 } }, 400, 'voice.pitch'],
      [{ name: 'No sample', face_url: face.url, voice: { type: 'sample', sample_url: face.url } }, 400, 'voice'],
    ];
    for (const [body, status, field] of refusals) {
      res = await req(t, u, 'POST', '/api/characters', { gender: 'female', ...body });
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
    }
    // Another user's face is not one of mine.
    res = await req(t, v, 'POST', '/api/characters', { name: 'Thief', gender: 'female', face_url: face.url });
    expect(res.json()).toEqual({ error: CHARACTER_MESSAGES.face, field: 'face_url' });

    res = await req(t, u, 'GET', `/api/characters/${mia.id}`);
    expect(res.json()).toEqual(mia);
    for (const [who, id] of [[v, mia.id], [u, newId()]] as const) {
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        res = await req(t, who, method, `/api/characters/${id}`, method === 'PATCH' ? { bio: 'mine now' } : undefined);
        expect(res.statusCode, `${method} ${res.body}`).toBe(404);
        expect(res.json().error).toBe(CHARACTER_MESSAGES.notFound);
      }
    }

    // PATCH: only the fields sent; a gender change needs a voice of the new gender.
    const leo = await newCharacter(t, u, { name: 'Leo', gender: 'male', face_url: face.url });
    expect(leo.voice).toEqual({ type: 'preset', preset: 'male-warm', pitch: 45, speed: 160 });
    t.clock.advance(1000);
    res = await req(t, u, 'PATCH', `/api/characters/${mia.id}`, { name: 'Mia Rose', voice: { type: 'preset', preset: 'female-bright', speed: 200 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Mia Rose', bio: 'Travels.', voice: { type: 'preset', preset: 'female-bright', pitch: 70, speed: 200 } });
    expect(res.json().updated_at > mia.updated_at).toBe(true);
    for (const [body, status, field] of [
      [{}, 400, undefined], [{ name: 'LEO' }, 409, 'name'], [{ gender: 'male' }, 400, 'voice'], [{ face_url: '/media/gen/nothing.png' }, 400, 'face_url'],
    ] as const) {
      res = await req(t, u, 'PATCH', `/api/characters/${mia.id}`, body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
      expect(res.json().field).toBe(field);
    }
    res = await req(t, u, 'PATCH', `/api/characters/${mia.id}`, { gender: 'male', voice: { type: 'preset', preset: 'male-deep' } });
    expect(res.json()).toMatchObject({ gender: 'male', voice: { type: 'preset', preset: 'male-deep', pitch: 25, speed: 150 } });

    // Listed last activity first: Mia changed last.
    res = await req(t, u, 'GET', '/api/characters');
    expect(res.json().characters.map((c: Character) => c.name)).toEqual(['Mia Rose', 'Leo']);

    // The limit: CHARACTERS_MAX in all.
    const now = new Date(t.clock.now()).toISOString();
    const more = Array.from({ length: CHARACTERS_MAX - 2 }, (_, i) => ({
      id: newId(), user_id: u.userId, name: `Extra ${i}`, name_key: nameKeyOf(`Extra ${i}`), gender: 'female' as const, face_key: face.key, face_media_id: face.id, bio: '', style: '',
      voice_type: 'preset' as const, voice_preset: 'female-warm', voice_pitch: 50, voice_speed: 160, voice_sample_key: null, voice_sample_seconds: null, created_at: now, updated_at: now,
    }));
    await t.app.db.insertInto('characters').values(more).execute();
    res = await req(t, u, 'POST', '/api/characters', { name: 'One too many', gender: 'female', face_url: face.url });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(CHARACTER_MESSAGES.tooMany);

    res = await req(t, u, 'DELETE', `/api/characters/${leo.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await req(t, u, 'GET', `/api/characters/${leo.id}`)).statusCode).toBe(404);
    await t.app.close();
  });

  it('uploads: a portrait or voice sample checked by its bytes and length, with consent; a refusal stores nothing; the sweep keeps what a character names', async () => {
    await setUp();
    const before = await leftBy(t, u);
    const refusals: [Record<string, Parameters<typeof uploadForCharacter>[2][string]>, number, string][] = [
      [{ portrait: { name: 'me.png', data: png, type: 'image/png' } }, 400, 'consent'],
      [{ portrait: { name: 'me.png', data: Buffer.from('not a picture at all, only words'), type: 'image/png' }, consent: 'true' }, 400, 'portrait'],
      [{ voice_sample: { name: 'me.wav', data: png, type: 'audio/wav' }, consent: 'true' }, 400, 'voice_sample'],
      [{ voice_sample: { name: 'short.wav', data: sineWav(scratch, 0.5), type: 'audio/wav' }, consent: 'true' }, 400, 'voice_sample'],
      [{ voice_sample: { name: 'long.wav', data: sineWav(scratch, 61), type: 'audio/wav' }, consent: 'true' }, 400, 'voice_sample'],
      [{ voice_sample: { name: 'ok.wav', data: sineWav(scratch, 2), type: 'audio/wav' }, consent: 'false' }, 400, 'consent'],
      [{ consent: 'true' }, 400, 'portrait'],
      [{ portrait: { name: 'a.png', data: png, type: 'image/png' }, voice_sample: { name: 'ok.wav', data: sineWav(scratch, 2), type: 'audio/wav' }, consent: 'true' }, 400, 'portrait'],
      [{ garment: { name: 'a.png', data: png, type: 'image/png' }, consent: 'true' }, 400, 'garment'],
    ];
    for (const [fields, status, field] of refusals) {
      const res = await uploadForCharacter(t, u, fields);
      expect(res.statusCode, `${Object.keys(fields).join(',')}: ${res.body}`).toBe(status);
      expect(res.json().field, res.body).toBe(field);
    }
    expect((await uploadForCharacter(t, u, { voice_sample: { name: 's.wav', data: sineWav(scratch, 0.5), type: 'audio/wav' }, consent: 'true' })).json().error).toBe(CHARACTER_MESSAGES.sampleTooShort);
    expect((await uploadForCharacter(t, u, { voice_sample: { name: 'l.wav', data: sineWav(scratch, 61), type: 'audio/wav' }, consent: 'true' })).json().error).toBe(CHARACTER_MESSAGES.sampleTooLong);
    expect(await leftBy(t, u)).toEqual(before);

    let res = await uploadForCharacter(t, u, { portrait: { name: '../../etc/passwd', data: png, type: 'text/plain' }, consent: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const portrait = res.json();
    expect(portrait).toMatchObject({ kind: 'portrait', seconds: null });
    expect(portrait.url).toMatch(/^\/media\/characters\/portraits\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: portrait.url })).rawPayload.equals(png)).toBe(true);
    res = await uploadForCharacter(t, u, { voice_sample: { name: 'voice.wav', data: sineWav(scratch, 2), type: 'audio/wav' }, consent: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    const sample = res.json();
    expect(sample).toMatchObject({ kind: 'voice_sample', seconds: 2 });
    const spare = (await uploadForCharacter(t, u, { portrait: { name: 'b.png', data: png, type: 'image/png' }, consent: 'true' })).json();
    // Each upload's consent is recorded with what it covers.
    const consents = await t.app.db.selectFrom('consents').select(['call', 'field', 'storage_key', 'sha256']).where('user_id', '=', u.userId).orderBy('created_at').execute();
    expect(consents.map((c) => [c.call, c.field, `/media/${c.storage_key}`, c.sha256?.length]).sort()).toEqual([
      ['/api/characters/uploads', 'portrait', portrait.url, 64], ['/api/characters/uploads', 'portrait', spare.url, 64], ['/api/characters/uploads', 'voice_sample', sample.url, 64],
    ].sort());

    // Another user cannot use them.
    res = await req(t, v, 'POST', '/api/characters', { name: 'Thief', gender: 'female', face_url: portrait.url });
    expect(res.json().field).toBe('face_url');
    res = await req(t, v, 'POST', '/api/characters', { name: 'Thief', gender: 'female', face_url: (await storedPicture(t, v, 'image', scratch)).url, voice: { type: 'sample', sample_url: sample.url } });
    expect(res.json()).toEqual({ error: CHARACTER_MESSAGES.voiceSample, field: 'voice' });

    const ava = await newCharacter(t, u, { name: 'Ava', face_url: portrait.url, voice: { type: 'sample', sample_url: sample.url } });
    expect(ava.face_url).toBe(portrait.url);
    expect(ava.voice).toEqual({ type: 'sample', sample_url: sample.url, seconds: 2 });

    // A day later the sweep deletes the upload no character names, and keeps the others.
    t.clock.advance(25 * HOUR);
    await t.app.jobs.files.sweep(t.app.now());
    const kept = (await t.app.db.selectFrom('user_files').select('storage_key').where('user_id', '=', u.userId).execute()).map((r) => `/media/${r.storage_key}`);
    expect(kept.sort()).toEqual([portrait.url, sample.url].sort());
    expect((await t.app.inject({ method: 'GET', url: spare.url })).statusCode).toBe(404);
    // Once the character goes, its uploads go with the next sweep (the day-old token has lapsed: the service directly).
    await t.app.characters.service.remove(u.userId, ava.id, false);
    await t.app.jobs.files.sweep(t.app.now());
    expect((await leftBy(t, u)).files).toBe(0);
    await t.app.close();
  });

  it('the gallery filters by character (an id, or none), answers each item\'s character, and an item moves to another character or to none', async () => {
    await setUp();
    const face = await storedPicture(t, u, 'face', scratch);
    const mia = await newCharacter(t, u, { name: 'Mia', face_url: face.url });
    const leo = await newCharacter(t, u, { name: 'Leo', gender: 'male', face_url: face.url });
    const theirs = await newCharacter(t, v, { name: 'Theirs', face_url: (await storedPicture(t, v, 'face', scratch)).url });
    t.clock.advance(1000);
    const miaImage = await storedPicture(t, u, 'image', scratch, mia.id);
    t.clock.advance(1000);
    const miaFace = await storedPicture(t, u, 'face', scratch, mia.id);
    const leoImage = await storedPicture(t, u, 'image', scratch, leo.id);

    const gallery = async (body: object) => {
      const res = await t.call(u, '/api/gallery/', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const ids = (answer: Record<string, { id: string }[]>, group: string) => answer[group]!.map((i) => i.id);
    let answer = await gallery({ character: mia.id });
    expect(ids(answer, 'images')).toEqual([miaImage.id]);
    expect(ids(answer, 'faces')).toEqual([miaFace.id]);
    expect(answer.images[0].character_id).toBe(mia.id);
    answer = await gallery({ character: 'none' });
    expect(ids(answer, 'faces')).toEqual([face.id]);
    expect(answer.faces[0].character_id).toBeNull();
    expect(ids(answer, 'images')).toEqual([]);
    // The plain gallery carries every item's character.
    answer = await gallery({});
    expect(answer.images.map((i: { character_id: string | null }) => i.character_id)).toEqual([leo.id, mia.id]);
    // Pages with a cursor keep the filter, and a cursor of another filter is refused.
    answer = await gallery({ character: mia.id, kinds: ['faces', 'images'], limit: 1 });
    expect(answer.next_cursor).toBeUndefined();
    const all = await gallery({ kinds: ['faces'], limit: 1 });
    expect((await t.call(u, '/api/gallery/', { kinds: ['faces'], limit: 1, character: mia.id, cursor: all.next_cursor })).statusCode).toBe(400);
    for (const character of [theirs.id, newId()]) {
      const res = await t.call(u, '/api/gallery/', { character });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(CHARACTER_MESSAGES.notFound);
    }

    // Counts and last activity per character.
    let list = (await req(t, u, 'GET', '/api/characters')).json().characters as Character[];
    expect(list.find((c) => c.id === mia.id)).toMatchObject({ counts: { faces: 1, images: 1, videos: 0 }, last_activity_at: new Date(t.clock.now()).toISOString() });

    // Move: to Leo, to none; refused for another user's item or character.
    let res = await req(t, u, 'PATCH', `/api/media/${miaImage.id}`, { character_id: leo.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: miaImage.id, character_id: leo.id, favourite: false });
    expect(ids(await gallery({ character: leo.id }), 'images')).toEqual([leoImage.id, miaImage.id].sort((a, b) => (a === leoImage.id ? -1 : b === leoImage.id ? 1 : 0)));
    expect(ids(await gallery({ character: mia.id }), 'images')).toEqual([]);
    res = await req(t, u, 'PATCH', `/api/media/${miaImage.id}`, { character_id: null });
    expect(res.json()).toEqual({ id: miaImage.id, character_id: null, favourite: false });
    expect(ids(await gallery({ character: 'none' }), 'images')).toEqual([miaImage.id]);
    for (const [who, id, body, error] of [
      [u, miaImage.id, { character_id: theirs.id }, CHARACTER_MESSAGES.notFound],
      [v, miaImage.id, { character_id: null }, CHARACTER_MESSAGES.mediaNotFound],
      [u, newId(), { character_id: mia.id }, CHARACTER_MESSAGES.mediaNotFound],
    ] as const) {
      res = await req(t, who, 'PATCH', `/api/media/${id}`, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toBe(error);
    }
    expect((await req(t, u, 'PATCH', `/api/media/${miaImage.id}`, {})).json().field).toBe(undefined);
    expect((await req(t, u, 'PATCH', `/api/media/${miaImage.id}`, {})).statusCode).toBe(400);
    list = (await req(t, u, 'GET', '/api/characters')).json().characters as Character[];
    expect(list.find((c) => c.id === leo.id)!.counts.images).toBe(1);
    await t.app.close();
  });

  it('deleting a character keeps its outputs with no character, or deletes them and their files (delete_outputs=true) but another character\'s face', async () => {
    await setUp();
    const face = await storedPicture(t, u, 'face', scratch);
    const keep = await newCharacter(t, u, { name: 'Keep', face_url: face.url });
    const drop = await newCharacter(t, u, { name: 'Drop', face_url: face.url });
    const kept = await storedPicture(t, u, 'image', scratch, keep.id);
    const dropped = [await storedPicture(t, u, 'image', scratch, drop.id), await storedPicture(t, u, 'face', scratch, drop.id)];
    const jobId = newId();
    const now = new Date(t.clock.now()).toISOString();
    await t.app.db.insertInto('jobs').values({ id: jobId, user_id: u.userId, kind: 'image', status: 'succeeded', input: '{}', error: null, idempotency_key: null, lease_until: null, created_at: now, started_at: now, finished_at: now, updated_at: now, character_id: keep.id } as never).execute();

    let res = await req(t, u, 'DELETE', `/api/characters/${keep.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const row = await t.app.db.selectFrom('media_items').select(['id', 'character_id']).where('id', '=', kept.id).executeTakeFirstOrThrow();
    expect(row.character_id).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    expect((await t.app.db.selectFrom('jobs').select('character_id').where('id', '=', jobId).executeTakeFirstOrThrow()).character_id).toBeNull();

    // A face made for Drop that another character has as its face stays, untagged: the rest goes.
    const other = await newCharacter(t, u, { name: 'Other', face_url: dropped[1]!.url });
    expect((await req(t, u, 'DELETE', `/api/characters/${drop.id}?delete_outputs=maybe`)).statusCode).toBe(400);
    res = await req(t, u, 'DELETE', `/api/characters/${drop.id}?delete_outputs=true`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.app.db.selectFrom('media_items').select('id').where('id', '=', dropped[0]!.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: dropped[0]!.url })).statusCode).toBe(404);
    expect(await t.app.db.selectFrom('media_items').select('character_id').where('id', '=', dropped[1]!.id).executeTakeFirst()).toEqual({ character_id: null });
    expect((await t.app.inject({ method: 'GET', url: other.face_url })).statusCode).toBe(200);
    // The face both were made from is no output of theirs: it stays.
    expect((await t.app.inject({ method: 'GET', url: face.url })).statusCode).toBe(200);
    expect((await leftBy(t, u)).characters).toBe(1);
    await t.app.close();
  });

  it('account deletion removes the characters and their uploads', async () => {
    await setUp();
    const portrait = (await uploadForCharacter(t, u, { portrait: { name: 'me.png', data: png, type: 'image/png' }, consent: 'true' })).json();
    await newCharacter(t, u, { name: 'Gone', face_url: portrait.url });
    expect((await leftBy(t, u)).characters).toBe(1);
    const res = await t.call(u, '/api/delete-profile/', { user_id: u.userId, email: u.email });
    expect(res.statusCode, res.body).toBe(204);
    expect(await leftBy(t, u)).toEqual({ jobs: 0, files: 0, consents: 0, characters: 0 });
    expect((await t.app.inject({ method: 'GET', url: portrait.url })).statusCode).toBe(404);
    await t.app.close();
  });

  it('API keys reach the characters, the move and the character filter; the OpenAPI document lists them with the apiKey scheme', async () => {
    await setUp();
    const { key } = await newKey(t, u);
    const face = await storedPicture(t, u, 'face', scratch);
    let res = await withKey(t, key, 'POST', '/api/characters', { name: 'Keyed', gender: 'female', face_url: face.url });
    expect(res.statusCode, res.body).toBe(201);
    const keyed = res.json() as Character;
    res = await withKey(t, key, 'GET', '/api/characters');
    expect(res.json().characters.map((c: Character) => c.id)).toEqual([keyed.id]);
    res = await t.app.inject({ method: 'PATCH', url: `/api/media/${face.id}`, payload: { character_id: keyed.id }, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode, res.body).toBe(200);
    res = await withKey(t, key, 'POST', '/api/gallery/', { character: keyed.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().faces.map((f: { id: string }) => f.id)).toEqual([face.id]);
    res = await t.app.inject({ method: 'DELETE', url: `/api/characters/${keyed.id}`, headers: { authorization: `Bearer ${key}` } });
    expect(res.statusCode, res.body).toBe(204);

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, methods] of [['/api/characters', ['get', 'post']], ['/api/characters/{id}', ['get', 'patch', 'delete']], ['/api/characters/uploads', ['post']], ['/api/characters/voice-preview', ['post']], ['/api/media/{id}', ['patch']]] as const) {
      for (const method of methods) {
        const op = doc.paths[path]?.[method];
        expect(op, `${method} ${path}`).toBeDefined();
        expect(op.security, `${method} ${path}`).toContainEqual({ apiKey: [] });
      }
    }
    expect(doc.paths['/api/characters'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('voice');
    expect(doc.paths['/api/gallery/'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('character');
    await t.app.close();
  });
});

describe('the preset voices\' preview', () => {
  const database = useTestDatabase('sqlite');

  it('speaks a preset (its own voice, pitch and speed) as WAV, the same preview made once; a bad preset or pitch is refused', async () => {
    const t = await studioApp(database.current, NO_JOBS);
    const u = await t.user('voices@example.com', null);
    const hear = (body: object) => req(t, u, 'POST', '/api/characters/voice-preview', body);
    let res = await hear({ preset: 'female-warm' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const warm = res.rawPayload;
    expect(warm.subarray(0, 4).toString()).toBe('RIFF');
    expect(warm.subarray(8, 12).toString()).toBe('WAVE');
    expect((await hear({ preset: 'female-warm' })).rawPayload.equals(warm)).toBe(true);
    const others = [await hear({ preset: 'female-bright' }), await hear({ preset: 'female-warm', pitch: 90 }), await hear({ preset: 'female-warm', speed: 250 }), await hear({ preset: 'male-deep', text: 'Hello there.' })];
    for (const other of others) {
      expect(other.statusCode).toBe(200);
      expect(other.rawPayload.equals(warm)).toBe(false);
    }
    // A line that looks like an option is only words (it follows `--`).
    res = await hear({ preset: 'male-warm', text: '--version -w /tmp/owned.wav' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    for (const [body, field] of [[{ preset: 'robot' }, 'preset'], [{ preset: 'male-warm', pitch: -1 }, 'pitch'], [{ preset: 'male-warm', speed: 500 }, 'speed'], [{ preset: 'male-warm', text: 'x'.repeat(201) }, 'text']] as const) {
      res = await hear(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    await t.app.close();
  });
});
