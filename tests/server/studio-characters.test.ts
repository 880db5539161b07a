// character_id on every studio call (issue 44), on SQLite and Postgres: the character's face fills a
// missing face (image prompt, swap, face swap, talking), use_style adds its style words, typed text
// gets its preset voice and a missing audio its voice sample; the job records the character (JobView
// answers it, an Idempotency-Key replay with another character is refused), batch items too; another
// user's or an unknown character is 404 with nothing stored (no job, no upload, no consent). Jobs do
// not run, but for one face job whose gallery item records the character and two talking clips of
// typed text (the character's voice against the default one). Then espeak-ng itself: a character's
// preset differs from the default voice.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { voicePreset } from '../../contract/characters.ts';
import { speak } from '../../server/src/engines/local/talking-audio.ts';
import { newId } from '../../server/src/db/util.ts';
import { leftBy, newCharacter, storedPicture, uploadForCharacter } from './support/characters.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { sineWav, studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-studio-characters-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const ASYNC = { prefer: 'respond-async' };

async function jobRow(t: StudioApp, id: string) {
  const row = await t.app.db.selectFrom('jobs').select(['input', 'character_id']).where('id', '=', id).executeTakeFirstOrThrow();
  return { input: JSON.parse(row.input) as Record<string, unknown>, character_id: row.character_id };
}

describe.each(engines)('character_id on the studio calls on %s', (engine) => {
  const database = useTestDatabase(engine);

  async function setUp() {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user(`u-${engine}-${newId()}@example.com`);
    const v = await t.user(`v-${engine}-${newId()}@example.com`);
    const face = await storedPicture(t, u, 'face', scratch);
    const mia = await newCharacter(t, u, { name: 'Mia', face_url: face.url, style: 'golden hour, film grain', voice: { type: 'preset', preset: 'female-calm', pitch: 30, speed: 120 } });
    const theirs = await newCharacter(t, v, { name: 'Theirs', face_url: (await storedPicture(t, v, 'face', scratch)).url });
    return { t, u, v, face, mia, theirs };
  }

  /** 202 expected: the job's row. */
  async function made(t: StudioApp, res: Awaited<ReturnType<StudioApp['call']>>) {
    expect(res.statusCode, res.body).toBe(202);
    return { id: res.json().job_id as string, ...(await jobRow(t, res.json().job_id)) };
  }

  it('a user without a plan may make a character, but a call with it is 403 and stores nothing; no token is 401', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const n = await t.user(`n-${engine}-${newId()}@example.com`, null);
    const face = await storedPicture(t, n, 'face', scratch);
    const own = await newCharacter(t, n, { name: 'Nola', face_url: face.url });
    const jobsOf = async () => (await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', n.userId).execute()).length;
    const refused = await t.call(n, '/api/generate-image-prompt/', { character_id: own.id, prompt: 'on a beach' }, ASYNC);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(await jobsOf()).toBe(0);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/generate-image-prompt/', payload: { character_id: own.id, prompt: 'on a beach' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await jobsOf()).toBe(0);
  });

  it('fills a missing face with the character\'s, adds its style on request, records it on the job; refuses another user\'s character storing nothing', async () => {
    const { t, u, face, mia, theirs } = await setUp();
    const faceKey = face.key;

    let job = await made(t, await t.call(u, '/api/generate-image-prompt/', { character_id: mia.id, prompt: 'on a beach' }, ASYNC));
    expect(job.character_id).toBe(mia.id);
    expect(job.input).toMatchObject({ kind: 'image', face: { type: 'stored', key: faceKey }, prompt: 'on a beach' });
    let view = await t.get(u, `/api/jobs/${job.id}`);
    expect(view.json().character_id).toBe(mia.id);

    job = await made(t, await t.call(u, '/api/generate-image-prompt-men/', { character_id: mia.id, use_style: true, prompt: 'on a beach' }, ASYNC));
    expect(job.input.prompt).toBe('on a beach, golden hour, film grain');
    // A face given wins over the character's.
    const other = await storedPicture(t, u, 'face', scratch);
    job = await made(t, await t.call(u, '/api/generate-image-prompt/', { character_id: mia.id, face_url: other.url, prompt: 'at night' }, ASYNC));
    expect(job.input.face).toEqual({ type: 'stored', key: other.key });

    job = await made(t, await t.call(u, '/api/generate-face-prompt/', { character_id: mia.id, use_style: true, prompt: 'freckles' }, ASYNC));
    expect([job.input.prompt, job.character_id]).toEqual(['freckles, golden hour, film grain', mia.id]);
    job = await made(t, await t.call(u, '/api/generate_face_c/', { character_id: mia.id, celebrity1: 'A', celebrity2: 'B', celebrity3: 'C' }, ASYNC));
    expect(job.character_id).toBe(mia.id);
    job = await made(t, await t.call(u, '/api/generate-image-temp/', { character_id: mia.id, image: '/media/templates/ImageTemplate/3.jpg' }, ASYNC));
    expect([job.input.face, job.character_id]).toEqual([{ type: 'stored', key: faceKey }, mia.id]);
    job = await made(t, await t.call(u, '/api/face-swap/', { character_id: mia.id, target_video_url: '/media/templates/VideoTemplate/1.mp4' }, ASYNC));
    expect([job.input.face, job.input.gender, job.character_id]).toEqual([{ type: 'stored', key: faceKey }, 'female', mia.id]);
    const image = await storedPicture(t, u, 'image', scratch);
    job = await made(t, await t.call(u, '/api/imagetovideos/', { character_id: mia.id, use_style: true, input_image: image.url, prompt: 'waves' }, ASYNC));
    expect([job.input.prompt, job.character_id]).toEqual(['waves, golden hour, film grain', mia.id]);
    job = await made(t, await t.call(u, '/api/upscale/', { character_id: mia.id, image_url: image.url, scale: 2 }, ASYNC));
    expect(job.character_id).toBe(mia.id);
    // No character: as before, and null on the job.
    job = await made(t, await t.call(u, '/api/generate-image-prompt/', { face_url: face.url, prompt: 'plain', character_id: '' }, ASYNC));
    expect(job.character_id).toBeNull();
    expect((await t.get(u, `/api/jobs/${job.id}`)).json().character_id).toBeNull();

    // Refusals: nothing stored.
    const before = await leftBy(t, u);
    for (const [path, body] of [
      ['/api/generate-image-prompt/', { character_id: theirs.id, prompt: 'mine now' }],
      ['/api/generate-image-prompt/', { character_id: newId(), prompt: 'unknown' }],
      ['/api/generate-face-prompt/', { character_id: theirs.id, prompt: 'x' }],
      ['/api/generate-image-temp/', { character_id: theirs.id, image: '/media/templates/ImageTemplate/3.jpg' }],
      ['/api/face-swap/', { character_id: theirs.id, target_video_url: '/media/templates/VideoTemplate/1.mp4' }],
      ['/api/upscale/', { character_id: theirs.id, image_url: image.url, scale: 2 }],
    ] as const) {
      const res = await t.call(u, path, body, ASYNC);
      expect(res.statusCode, `${path} ${res.body}`).toBe(404);
      expect(res.json().error).toBe('Character not found.');
    }
    let res = await t.call(u, '/api/generate-image-prompt/', { face_url: face.url, use_style: true, prompt: 'x' }, ASYNC);
    expect([res.statusCode, res.json().field]).toEqual([400, 'use_style']);
    // Without a face and without a character: the spec's alert, as before.
    res = await t.call(u, '/api/generate-image-prompt/', { prompt: 'x' }, ASYNC);
    expect([res.statusCode, res.json().field]).toEqual([400, 'face_url']);
    expect(await leftBy(t, u)).toEqual(before);

    // The job service checks the character again inside its transaction (it may be gone since the call read it).
    await expect(t.app.jobs.service.create({ userId: u.userId, input: { kind: 'face', gender: 'female', prompt: 'x' }, engine: 'local', idempotencyKey: null, requestHash: 'h', files: [], characterId: theirs.id, now: new Date(t.clock.now()).toISOString() }))
      .rejects.toMatchObject({ statusCode: 404 });
    expect(await leftBy(t, u)).toEqual(before);

    // The character is part of the request: the same key with another character is another payload.
    res = await t.call(u, '/api/generate-image-prompt/', { character_id: mia.id, prompt: 'keyed' }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect(res.statusCode).toBe(202);
    const mia2 = await newCharacter(t, u, { name: 'Mia Two', face_url: face.url });
    res = await t.call(u, '/api/generate-image-prompt/', { character_id: mia2.id, prompt: 'keyed' }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect(res.statusCode).toBe(422);
    await t.app.close();
  });

  it('batches: each item may name a character; another user\'s in any item refuses the batch with no job made', async () => {
    const { t, u, face, mia, theirs } = await setUp();
    const before = await leftBy(t, u);
    let res = await t.call(u, '/api/batches', { call: '/generate-image-prompt/', items: [{ character_id: mia.id, prompt: 'one' }, { character_id: theirs.id, prompt: 'two' }] });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().error).toBe('items[1]: Character not found.');
    expect(await leftBy(t, u)).toEqual(before);
    res = await t.call(u, '/api/batches', { call: '/generate-image-prompt/', items: [{ character_id: mia.id, use_style: true, prompt: 'one' }, { face_url: face.url, prompt: 'two' }] });
    expect(res.statusCode, res.body).toBe(202);
    const jobs = await Promise.all((res.json().job_ids as string[]).map((id) => jobRow(t, id)));
    expect(jobs.map((j) => [j.character_id, j.input.prompt])).toEqual([[mia.id, 'one, golden hour, film grain'], [null, 'two']]);
    await t.app.close();
  });

  it('talking: the character\'s face, its preset voice for typed text, its sample when no audio is given; another user\'s refused with the upload not kept', async () => {
    const { t, u, face, mia, theirs } = await setUp();
    const preset = voicePreset('female-calm')!;
    let res = await upload(t, u, '/api/talking/', { character_id: mia.id, text: 'Hello from Mia.' }, ASYNC);
    let job = await made(t, res);
    expect(job.input).toMatchObject({ kind: 'talking', face: { type: 'stored', key: face.key }, text: 'Hello from Mia.', speech: { voice: preset.espeak, pitch: 30, speed: 120 } });
    expect(job.character_id).toBe(mia.id);
    // Without a character: the default voice of the face's gender (no speech in the input).
    job = await made(t, await upload(t, u, '/api/talking/', { face_url: face.url, text: 'Hello.' }, ASYNC));
    expect(job.input.speech).toBeUndefined();
    expect(job.character_id).toBeNull();
    // A character without a sample and no audio: the spec's alert.
    res = await upload(t, u, '/api/talking/', { character_id: mia.id }, ASYNC);
    expect([res.statusCode, res.json().field]).toEqual([400, 'audio_file']);

    const sample = (await uploadForCharacter(t, u, { voice_sample: { name: 'v.wav', data: sineWav(scratch, 3), type: 'audio/wav' }, consent: 'true' })).json();
    const portrait = (await uploadForCharacter(t, u, { portrait: { name: 'p.png', data: readFileSync(join(scratch, face.key.slice(4))), type: 'image/png' }, consent: 'true' })).json();
    const ava = await newCharacter(t, u, { name: 'Ava', face_url: portrait.url, voice: { type: 'sample', sample_url: sample.url } });
    job = await made(t, await upload(t, u, '/api/talking/', { character_id: ava.id }, ASYNC));
    const sampleKey = sample.url.replace('/media/', '');
    const portraitKey = portrait.url.replace('/media/', '');
    expect(job.input).toMatchObject({ face: { type: 'stored', key: portraitKey }, voice: { type: 'stored', key: sampleKey }, gender: 'female' });
    // The job reads the character's files: recorded, so the sweep keeps them while it may run.
    const read = await t.app.db.selectFrom('job_files').select('storage_key').where('job_id', '=', job.id).execute();
    expect(read.map((r) => r.storage_key).sort()).toEqual([portraitKey, sampleKey].sort());
    // Typed text with a sample voice: the preset it keeps for text speaks it.
    job = await made(t, await upload(t, u, '/api/talking/', { character_id: ava.id, text: 'Typed.' }, ASYNC));
    expect(job.input.speech).toEqual({ voice: voicePreset('female-warm')!.espeak, pitch: 50, speed: 160 });

    // Another user's character: 404, the voice file not kept, no consent recorded.
    const before = await leftBy(t, u);
    res = await upload(t, u, '/api/talking/', { character_id: theirs.id, audio_file: { name: 'a.wav', data: sineWav(scratch, 2), type: 'audio/wav' }, consent: 'true' }, ASYNC);
    expect(res.statusCode, res.body).toBe(404);
    res = await upload(t, u, '/api/newclothchanger/', { character_id: theirs.id, image_template: face.url, cloth_image: { name: 'c.png', data: readFileSync(join(scratch, face.key.slice(4))), type: 'image/png' }, consent: 'true' }, ASYNC);
    expect(res.statusCode, res.body).toBe(404);
    expect(await leftBy(t, u)).toEqual(before);
    await t.app.close();
  });
});

describe('a character\'s job and its gallery item', () => {
  const database = useTestDatabase('sqlite');

  it('the face the job made is filed under the character', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('runs@example.com');
    const face = await storedPicture(t, u, 'face', scratch);
    const mia = await newCharacter(t, u, { name: 'Mia', face_url: face.url });
    const res = await t.call(u, '/api/generate-face-prompt/', { character_id: mia.id, prompt: 'short red hair' }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    const job = await t.settle(u, res.json().job_id);
    expect([job.status, job.character_id]).toEqual(['succeeded', mia.id]);
    const gallery = (await t.call(u, '/api/gallery/', { character: mia.id })).json();
    expect(gallery.faces.map((f: { job_id: string; character_id: string }) => [f.job_id, f.character_id])).toEqual([[job.job_id, mia.id]]);
    const listed = (await t.get(u, `/api/characters/${mia.id}`)).json();
    expect(listed.counts.faces).toBe(1);
    await t.app.close();
  }, 60_000);

  it('a talking clip of typed text speaks in the character\'s voice: another track than the default voice\'s, as long as its speed makes it', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('talks@example.com');
    const face = await storedPicture(t, u, 'face', scratch);
    const slow = await newCharacter(t, u, { name: 'Slow', gender: 'male', face_url: face.url, voice: { type: 'preset', preset: 'male-deep', speed: 90 } });
    const text = 'Hello, this is how I sound on a talking clip.';
    const track = async (fields: Record<string, string>) => {
      const res = await upload(t, u, '/api/talking/', { text, ...fields });
      expect(res.statusCode, res.body).toBe(200);
      const file = join(scratch, `${res.json().job_id}.mp4`);
      writeFileSync(file, (await t.app.inject({ method: 'GET', url: res.json().video_url })).rawPayload);
      return execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', file, '-vn', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'], { maxBuffer: 1 << 26 });
    };
    const plain = await track({ face_url: face.url });
    const voiced = await track({ character_id: slow.id });
    expect(voiced.equals(plain)).toBe(false);
    // 90 words a minute against the default 160: the same line lasts much longer.
    expect(voiced.length).toBeGreaterThan(plain.length * 1.3);
    await t.app.close();
  }, 120_000);
});

describe('a character\'s voice for typed text', () => {
  it('espeak-ng speaks in the preset\'s voice, pitch and speed: another WAV than the default voice\'s', async () => {
    const ctx = (name: string) => {
      const workDir = join(scratch, name);
      mkdirSync(workDir);
      return { workDir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } };
    };
    const text = 'Hello, I am a character.';
    const plain = readFileSync(await speak(text, 'female', ctx('plain')));
    const deep = voicePreset('male-deep')!;
    const voiced = readFileSync(await speak(text, 'female', ctx('voiced'), { voice: deep.espeak, pitch: deep.pitch, speed: deep.speed }));
    expect(plain.subarray(0, 4).toString()).toBe('RIFF');
    expect(voiced.subarray(0, 4).toString()).toBe('RIFF');
    expect(voiced.equals(plain)).toBe(false);
    // A slower voice speaks the same line for longer.
    const slow = readFileSync(await speak(text, 'female', ctx('slow'), { voice: deep.espeak, pitch: deep.pitch, speed: 90 }));
    expect(slow.length).toBeGreaterThan(voiced.length);
  });
});
