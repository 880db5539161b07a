// Consent before a real person's face, body or voice is used (issue 26): every call that takes
// outside media (a link copy, a swap into one, a garment photo, a voice file) answers 400 without
// `consent: true`, after the spec's own checks and before anything is fetched or stored; with it
// the consent is recorded with what it covers and the job refers to it. Templates, the user's
// generated faces and a song used only as a style reference need none. Jobs do not run here.
import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentsRepository } from '../../server/src/db/repositories/consents.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { sineWav, studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const ASYNC = { prefer: 'respond-async' };
const REFUSED = { error: 'Please confirm you have the right to use this media and the consent of the people in it.', field: 'consent' };
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const scratch = mkdtempSync(join(tmpdir(), 'ps-consent-'));
let png: Buffer;
let clip: Buffer;
let garment: Buffer;
let song: Buffer;
let voice: Buffer;
let hits = 0;
let host = '';
const server = createServer((req, res) => {
  hits += 1;
  if (req.url?.startsWith('/clip.mp4')) res.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
  else res.writeHead(200, { 'content-type': 'image/png' }).end(png);
});

beforeAll(async () => {
  png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#3366aa' } }).png().toBuffer();
  garment = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 180, height: 220, channels: 3, background: '#c0392b' } }, top: 40, left: 60 }])
    .png().toBuffer();
  const clipFile = join(scratch, 'clip.mp4');
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x284:rate=25:duration=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clipFile]);
  clip = readFileSync(clipFile);
  song = sineWav(scratch, 16);
  voice = sineWav(scratch, 17);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** A generated picture of the user's (kind 'face' or 'image'), as the runner would have recorded it. */
async function ownMedia(t: StudioApp, user: StudioUser, kind: 'face' | 'image'): Promise<string> {
  const key = `gen/${randomUUID().replaceAll('-', '')}.png`;
  const file = join(scratch, key.slice(4));
  await sharp({ create: { width: 64, height: 96, channels: 3, background: '#806040' } }).png().toFile(file);
  await t.app.storage.put(key, file, 'image/png');
  const at = new Date(t.clock.now()).toISOString();
  await t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: user.userId, job_id: null, kind, gender: 'female', url: t.app.storage.url(key), storage_key: key, mime: 'image/png', bytes: 1, face_prompt: null, created_at: at }).execute();
  return t.app.storage.url(key);
}

/** What a user has left behind: jobs, uploads and link copies, consents. */
async function leftBy(t: StudioApp, user: StudioUser) {
  const jobs = await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', user.userId).execute();
  const files = await t.app.db.selectFrom('user_files').select('storage_key').where('user_id', '=', user.userId).execute();
  return { jobs: jobs.length, files: files.length, consents: (await consentsRepository(t.app.db).ofUser(user.userId)).length };
}

const NOTHING = { jobs: 0, files: 0, consents: 0 };

describe.each(engines)('consent for outside media on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('/download/ and /download_link/: spec alerts first, then 400 for consent with nothing fetched or stored; with it the copy and its consent', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user(`links-${engine}@example.com`);
    const call = async (path: string, body: object) => {
      const res = await t.call(u, path, { user_id: u.userId, ...body });
      return [res.statusCode, res.json()];
    };
    hits = 0;
    // An empty or malformed link gets the spec's alert, consent or not.
    expect(await call('/api/download/', { instagram_url: '' })).toEqual([400, { error: 'Please provide an Instagram link.', field: 'instagram_url' }]);
    expect(await call('/api/download/', { instagram_url: 'not a link' })).toEqual([400, { error: 'Please provide an Instagram link.', field: 'instagram_url' }]);
    expect(await call('/api/download_link/', { instagram_url: 'instagram.com/p/x' })).toEqual([400, { error: 'Please provide a valid Instagram link.', field: 'instagram_url' }]);
    for (const [path, media] of [['/api/download/', 'pic.png'], ['/api/download_link/', 'clip.mp4']] as const) {
      expect(await call(path, { instagram_url: `http://${host}/${media}` })).toEqual([400, REFUSED]);
      expect(await call(path, { instagram_url: `http://${host}/${media}`, consent: false })).toEqual([400, REFUSED]);
    }
    expect(hits).toBe(0);
    expect(await leftBy(t, u)).toEqual(NOTHING);

    const at = new Date(t.clock.now()).toISOString();
    const res = await t.call(u, '/api/download_link/', { user_id: u.userId, instagram_url: `http://${host}/clip.mp4?v=1`, consent: true });
    expect(res.statusCode, res.body).toBe(200);
    const key = t.app.storage.keyOf(res.json().media_url)!;
    expect(await consentsRepository(t.app.db).ofUser(u.userId)).toEqual([
      { id: expect.any(String), user_id: u.userId, call: '/download_link/', field: 'instagram_url', link_url: `http://${host}/clip.mp4?v=1`, storage_key: key, sha256: sha256(clip), created_at: at },
    ]);
    // A link copy makes no job.
    expect(await leftBy(t, u)).toEqual({ jobs: 0, files: 1, consents: 1 });
    await t.app.close();
  });

  it('a swap into a link copy needs consent and its job refers to the copy\'s consent; a template swap needs none', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user(`swaps-${engine}@example.com`);
    const face = await ownMedia(t, u, 'face');
    const copy = async (path: string, media: string) => (await t.call(u, path, { instagram_url: `http://${host}/${media}`, consent: true })).json().media_url as string;
    const picture = await copy('/api/download/', 'pic.png');
    const video = await copy('/api/download_link/', 'clip.mp4');
    const consentOf = (url: string) => consentsRepository(t.app.db).coveringFile(u.userId, t.app.storage.keyOf(url)!);
    const [pictureConsent, videoConsent] = [await consentOf(picture), await consentOf(video)];
    const before = await leftBy(t, u);

    // The spec's checks come first: no face, no link.
    let res = await t.call(u, '/api/generate-image-temp/', { image: picture }, ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Please select a face.']);
    res = await t.call(u, '/api/generate-image-temp-link-men/', { face, image: '' }, ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Please provide an Instagram link.']);
    for (const [path, body] of [
      ['/api/generate-image-temp/', { face, image: picture }],
      ['/api/generate-image-temp-link-men/', { face, image: picture }],
      ['/api/face-swap/', { input_image_url: face, target_video_url: video }],
    ] as const) {
      res = await t.call(u, path, body, ASYNC);
      expect([res.statusCode, res.json()], path).toEqual([400, REFUSED]);
    }
    expect(await leftBy(t, u)).toEqual(before);

    res = await t.call(u, '/api/generate-image-temp-link-men/', { face, image: picture, consent: true }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    expect((await consentsRepository(t.app.db).ofJob(res.json().job_id)).map((c) => c.id)).toEqual([pictureConsent!.id]);
    res = await t.call(u, '/api/face-swap/', { input_image_url: face, target_video_url: video, consent: true }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    expect(await consentsRepository(t.app.db).ofJob(res.json().job_id)).toEqual([videoConsent]);

    // Templates and the user's own faces need none.
    res = await t.call(u, '/api/generate-image-temp/', { face, image: '/media/templates/ImageTemplate/3.jpg' }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    expect(await consentsRepository(t.app.db).ofJob(res.json().job_id)).toEqual([]);
    res = await t.call(u, '/api/face-swap/', { input_image_url: face, target_video_url: '/media/templates/VideoTemplate/1.mp4' }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    expect((await leftBy(t, u)).consents).toBe(2);
    await t.app.close();
  });

  it('a garment photo needs consent after the spec\'s checks; with it the upload\'s key and SHA-256 are recorded with the job', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user(`garment-${engine}@example.com`);
    const image = await ownMedia(t, u, 'image');
    const form = (fields: Record<string, string> = {}) => ({ user_id: u.userId, image_template: image, category: 'tops', cloth_image: { name: 'shirt.png', data: garment, type: 'image/png' }, ...fields });
    let res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, image_template: image }, ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Please select a generated image and upload a garment']);
    res = await upload(t, u, '/api/newclothchanger/', form({ category: 'hats' }), ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Category must be tops, bottoms or one-pieces.']);
    for (const consent of [{}, { consent: 'false' }, { consent: '' }] as Record<string, string>[]) {
      res = await upload(t, u, '/api/newclothchanger/', form(consent), ASYNC);
      expect([res.statusCode, res.json()]).toEqual([400, REFUSED]);
    }
    expect(await leftBy(t, u)).toEqual(NOTHING);

    const at = new Date(t.clock.now()).toISOString();
    res = await upload(t, u, '/api/newclothchanger/', form({ consent: 'true' }), ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    const job = (await t.app.jobs.repo.byId(res.json().job_id))!;
    const key = (JSON.parse(job.input) as { garment: { key: string } }).garment.key;
    expect(await consentsRepository(t.app.db).ofJob(job.id)).toEqual([
      { id: expect.any(String), user_id: u.userId, call: '/newclothchanger/', field: 'cloth_image', link_url: null, storage_key: key, sha256: sha256(garment), created_at: at },
    ]);
    await t.app.close();
  });

  it('a voice file needs consent after the spec\'s checks; a song alone (a style reference) needs none', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user(`voice-${engine}@example.com`);
    const wav = (name: string, data: Buffer) => ({ name, data, type: 'audio/wav' });
    let res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: '', song_file: wav('song.wav', song), voice_file: wav('voice.wav', voice) }, ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Lyrics are required.']);
    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la', voice_file: wav('voice.wav', voice) }, ASYNC);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Song file is required.']);
    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la', song_file: wav('song.wav', song), voice_file: wav('voice.wav', voice) }, ASYNC);
    expect([res.statusCode, res.json()]).toEqual([400, REFUSED]);
    expect(await leftBy(t, u)).toEqual(NOTHING);

    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la', song_file: wav('song.wav', song), instrumental_file: wav('beat.wav', voice) }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    expect(await leftBy(t, u)).toMatchObject({ jobs: 1, consents: 0 });

    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la', consent: 'true', song_file: wav('song.wav', song), voice_file: wav('voice.wav', voice) }, ASYNC);
    expect(res.statusCode, res.body).toBe(202);
    const job = (await t.app.jobs.repo.byId(res.json().job_id))!;
    const input = JSON.parse(job.input) as { song: { key: string }; voice: { key: string } };
    expect(await consentsRepository(t.app.db).ofJob(job.id)).toEqual([
      expect.objectContaining({ user_id: u.userId, call: '/audio_mucic_creator/', field: 'voice_file', link_url: null, storage_key: input.voice.key, sha256: sha256(voice) }),
    ]);
    await t.app.close();
  });
});

describe('consent records', () => {
  const database = useTestDatabase('sqlite');

  it('a refused job records no consent; a copy with no consent of its own gets one from the swap; account deletion takes them all', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user('records@example.com', 'basic');
    const image = await ownMedia(t, u, 'image');
    const at = new Date(t.clock.now()).toISOString();
    for (let i = 0; i < 15; i += 1) {
      await t.app.db.insertInto('jobs').values({ id: randomUUID(), user_id: u.userId, kind: 'image', status: 'succeeded', input: '{}', created_at: at, finished_at: at, updated_at: at }).execute();
    }
    const res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, image_template: image, category: 'tops', consent: 'true', cloth_image: { name: 'shirt.png', data: garment, type: 'image/png' } }, ASYNC);
    expect(res.statusCode).toBe(403);
    expect((await leftBy(t, u)).consents).toBe(0);

    const v = await t.user('legacy@example.com');
    const face = await ownMedia(t, v, 'face');
    const picture = (await t.call(v, '/api/download/', { instagram_url: `http://${host}/pic.png`, consent: true })).json().media_url as string;
    // A copy made before consents were kept.
    await consentsRepository(t.app.db).deleteAllOf(v.userId);
    const swap = await t.call(v, '/api/generate-image-temp/', { face, image: picture, consent: true }, ASYNC);
    expect(swap.statusCode, swap.body).toBe(202);
    expect(await consentsRepository(t.app.db).ofJob(swap.json().job_id)).toEqual([
      expect.objectContaining({ user_id: v.userId, call: '/generate-image-temp/', field: 'image', link_url: null, storage_key: t.app.storage.keyOf(picture) }),
    ]);

    expect((await t.post('/api/delete-profile/', { user_id: v.userId, email: v.email }, v.access)).statusCode).toBe(204);
    expect(await t.app.db.selectFrom('consents').select('id').where('user_id', '=', v.userId).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('job_consents').select('job_id').execute()).toEqual([]);
    await t.app.close();
  });

  it('the OpenAPI document shows the consent field of the JSON calls', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, { post: { requestBody?: { content: Record<string, { schema: { properties: Record<string, { type: string }> } }> } } }> };
    for (const path of ['/api/download/', '/api/download_link/', '/api/generate-image-temp/', '/api/face-swap/']) {
      expect(doc.paths[path]!.post.requestBody!.content['application/json']!.schema.properties.consent, path).toMatchObject({ type: 'boolean' });
    }
    await t.app.close();
  });
});
