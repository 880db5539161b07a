// Characters on the page (issue 44): the typed client sends what the contract says, shows a
// refusal by its field, and the store keeps the list and the chosen character on the device, so
// /characters opens offline and the studio starts with the same character.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Character, CharacterList } from '../../contract/characters';
import { charactersApi, fieldError } from '../../src/api/characters';
import { readCurrentCharacter, readSavedCharacters, readSavedOutputs, saveOutputs } from '../../src/lib/characterDevice';
import { clearUserData } from '../../src/lib/persistedSession';
import { callOf, queuedRequest } from '../../src/studio/outbox';
import { SessionKey } from '../../src/lib/session';
import { appendCharacter, characterFields, charactersOf, currentCharacter, currentCharacterId, faceUrlFor, useCharacterStore } from '../../src/stores/characterStore';

const json200 = (body: unknown) => json(200, body);
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const counts = { faces: 1, images: 2, videos: 0, cloth: 0, audio: 0, gen_video: 0 };
const ava: Character = {
  id: 'c1', name: 'Ava', gender: 'female', face_url: '/media/gen/ava.png', bio: 'Travels', style: 'film grain',
  voice: { type: 'preset', preset: 'female-warm', pitch: 50, speed: 160 }, counts,
  last_activity_at: '2026-11-27T10:00:00.000Z', created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};
const list: CharacterList = { characters: [ava], voices: [{ id: 'female-warm', gender: 'female', label: 'Warm', pitch: 50, speed: 160 }] };

type Sent = { url: string; method: string; body: unknown; headers: Record<string, string> };
let sent: Sent[];
let answer: (req: Sent) => Response | Promise<Response>;

beforeEach(() => {
  sent = [];
  sessionStorage.setItem(SessionKey.userId, 'u1');
  sessionStorage.setItem(SessionKey.accessToken, 'token');
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const req = { url, method: init.method ?? 'GET', body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined, headers: init.headers as Record<string, string> };
    sent.push(req);
    return answer(req);
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  useCharacterStore.setState({ userId: null, load: { state: 'idle' }, currentId: null });
  await clearUserData();
  sessionStorage.clear();
});

describe('the character client', () => {
  it('calls the character routes with the bearer token and the contract\'s bodies', async () => {
    answer = () => json(200, ava);
    await charactersApi.update('c 1', { bio: 'New bio' });
    await charactersApi.remove('c1', true);
    await charactersApi.remove('c1', false);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['PATCH /api/characters/c%201', 'DELETE /api/characters/c1?delete_outputs=true', 'DELETE /api/characters/c1']);
    expect(sent[0]!.body).toEqual({ bio: 'New bio' });
    expect(sent[0]!.headers.Authorization).toBe('Bearer token');
  });

  it('uploads a portrait with its consent, and reads "Hear it" as audio', async () => {
    answer = (req) => (req.url.endsWith('/uploads') ? json(201, { url: '/media/characters/p.png', kind: 'portrait', seconds: null }) : new Response(new Uint8Array([82, 73, 70, 70]), { status: 200, headers: { 'content-type': 'audio/wav' } }));
    const { data } = await charactersApi.upload('portrait', new File([new Uint8Array([1])], 'me.png', { type: 'image/png' }));
    expect(data.url).toBe('/media/characters/p.png');
    const form = sent[0]!.body as FormData;
    expect(form.get('consent')).toBe('true');
    expect((form.get('portrait') as File).name).toBe('me.png');
    const audio = await charactersApi.voicePreview({ preset: 'female-warm', pitch: 60 });
    expect(audio.data.type).toBe('audio/wav');
    expect(audio.data.size).toBe(4);
    expect(sent[1]!.body).toEqual({ preset: 'female-warm', pitch: 60 });
  });

  it('names the field of a refusal, and says so when offline', async () => {
    answer = () => json(409, { error: 'You already have a character with this name.', field: 'name' });
    const refused = await charactersApi.create({ name: 'Ava', gender: 'female', face_url: '/media/gen/a.png' }).catch((e: unknown) => e);
    expect(fieldError(refused)).toEqual({ field: 'name', message: 'You already have a character with this name.' });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const offline = await charactersApi.list().catch((e: unknown) => e);
    expect(fieldError(offline)).toEqual({ field: null, message: 'You seem to be offline: try again when connected.' });
  });
});

describe('the character store', () => {
  it('loads the list, keeps it on the device, and shows the device\'s copy offline', async () => {
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    expect(charactersOf(useCharacterStore.getState()).map((c) => c.name)).toEqual(['Ava']);
    await expect.poll(async () => (await readSavedCharacters('u1'))?.characters[0]?.name).toBe('Ava');

    // A reopened app offline: a fresh store, no network.
    useCharacterStore.setState({ userId: null, load: { state: 'idle' }, currentId: null });
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await useCharacterStore.getState().fetch();
    await expect.poll(() => useCharacterStore.getState().load).toMatchObject({ state: 'ready', stale: true });
    expect(charactersOf(useCharacterStore.getState())[0]?.id).toBe('c1');
  });

  it('with nothing on the device, an offline load is an error that says so', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await useCharacterStore.getState().fetch();
    expect(useCharacterStore.getState().load).toEqual({ state: 'error', message: 'Your characters could not be loaded: you seem to be offline.' });
  });

  it('remembers the chosen character on the device and picks it up in a new page', async () => {
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    expect(currentCharacterId()).toBeNull();
    useCharacterStore.getState().choose('c1');
    expect(currentCharacter(useCharacterStore.getState())?.name).toBe('Ava');
    await expect.poll(() => readCurrentCharacter('u1')).toBe('c1');

    useCharacterStore.setState({ userId: null, load: { state: 'idle' }, currentId: null });
    await useCharacterStore.getState().fetch();
    await expect.poll(() => currentCharacterId()).toBe('c1');
    useCharacterStore.getState().choose(null);
    await expect.poll(() => readCurrentCharacter('u1')).toBeNull();
  });

  it('adds, changes and removes characters in the list; a deleted current character is no longer chosen', async () => {
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    useCharacterStore.getState().choose('c1');
    const ben: Character = { ...ava, id: 'c2', name: 'Ben', gender: 'male' };
    answer = () => json(201, ben);
    await useCharacterStore.getState().create({ name: 'Ben', gender: 'male', face_url: '/media/gen/ben.png' });
    expect(charactersOf(useCharacterStore.getState()).map((c) => c.name)).toEqual(['Ben', 'Ava']);
    answer = () => json(200, { ...ava, bio: 'Changed' });
    await useCharacterStore.getState().update('c1', { bio: 'Changed' });
    expect(charactersOf(useCharacterStore.getState()).find((c) => c.id === 'c1')?.bio).toBe('Changed');
    answer = () => new Response(null, { status: 204 });
    await useCharacterStore.getState().remove('c1', false);
    expect(charactersOf(useCharacterStore.getState()).map((c) => c.name)).toEqual(['Ben']);
    expect(currentCharacterId()).toBeNull();
    await expect.poll(async () => (await readSavedCharacters('u1'))?.characters.map((c) => c.name)).toEqual(['Ben']);
  });

  it('another user signing in in the same tab starts afresh', async () => {
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    useCharacterStore.getState().choose('c1');
    sessionStorage.setItem(SessionKey.userId, 'u2');
    answer = () => json(200, { characters: [], voices: list.voices });
    await useCharacterStore.getState().fetch();
    expect(charactersOf(useCharacterStore.getState())).toEqual([]);
    expect(currentCharacterId()).toBeNull();
  });

  it('sign-out clears the characters kept on the device', async () => {
    await saveOutputs('u1', 'c1', { faces: [] });
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    await expect.poll(async () => Boolean(await readSavedCharacters('u1'))).toBe(true);
    await clearUserData();
    expect(await readSavedCharacters('u1')).toBeUndefined();
    expect(await readSavedOutputs('u1', 'c1')).toBeUndefined();
  });

  it('adds nothing to a studio call with no character chosen (the spec\'s calls as they were), the id and use_style with one', async () => {
    answer = () => json(200, list);
    await useCharacterStore.getState().fetch();
    expect(characterFields(true)).toEqual({});
    expect([...appendCharacter(new FormData()).keys()]).toEqual([]);
    expect(faceUrlFor('/media/gen/ava.png')).toBe('/media/gen/ava.png');
    useCharacterStore.getState().choose('c1');
    expect(characterFields(false)).toEqual({ character_id: 'c1' });
    expect(characterFields(true)).toEqual({ character_id: 'c1', use_style: true });
    useCharacterStore.getState().setStyleOn(false);
    expect(characterFields(true)).toEqual({ character_id: 'c1', use_style: false });
    expect(appendCharacter(new FormData()).get('character_id')).toBe('c1');
    // Its own face is left for the server to fill in; another face is sent as it is.
    expect(faceUrlFor('/media/gen/ava.png')).toBe('');
    expect(faceUrlFor('/media/gen/other.png')).toBe('/media/gen/other.png');
    useCharacterStore.getState().setStyleOn(true);
  });

  it('a call queued offline keeps its character (the outbox keeps the body as it was)', async () => {
    const json = { path: '/generate-image-prompt/', body: { user_id: 'u1', face_url: '', prompt: 'By the sea', character_id: 'c1', use_style: true } };
    expect(callOf(queuedRequest('u1', 'generatedImagePrompt', 'k1', json))).toEqual({ call: json });
    answer = () => json200(list);
    await useCharacterStore.getState().fetch();
    useCharacterStore.getState().choose('c1');
    const form = new FormData();
    form.append('user_id', 'u1');
    form.append('text', 'Hello');
    const sent = (callOf(queuedRequest('u1', 'talking', 'k2', { path: '/talking/', body: appendCharacter(form) })) as { call: { body: FormData } }).call.body;
    expect([...sent.entries()]).toEqual([['user_id', 'u1'], ['text', 'Hello'], ['character_id', 'c1']]);
  });
});
