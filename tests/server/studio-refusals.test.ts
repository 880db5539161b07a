// What a generation call may take, and what a refused one leaves behind (issue 24 items 3, 4, 7):
// a burst gets exactly what is left of the allowance (SQLite and Postgres); a refusal stores no
// file; link copies need a plan and share the generation rate limit; a job uses only its user's
// media; a sweep deletes copies and uploads nothing needs; an Idempotency-Key replayed with another
// payload is 422. Jobs do not run here (RUN_JOBS=false), so nothing but the request's own files is
// ever written to storage.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_MESSAGES } from '../../contract/studio.ts';
import { engines, useTestDatabase } from './support/db.ts';
import { sineWav, studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';

const scratch = mkdtempSync(join(tmpdir(), 'ps-refusals-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ASYNC = { prefer: 'respond-async' };
const FACES_USED_UP = /^You have used all 3 face generations of your Basic plan this period\. It ends on \d{4}-\d\d-\d\d\.$/;

/** Users' files in storage: uploads and link copies (with their rows), and generated media. */
async function stored(t: StudioApp): Promise<{ files: string[]; rows: number }> {
  const files = ['uploads', 'fetched', 'gen'].flatMap((folder) => {
    const dir = join(t.config.mediaDir, folder);
    return existsSync(dir) ? readdirSync(dir).map((name) => `${folder}/${name}`) : [];
  });
  const rows = await t.app.db.selectFrom('user_files').select('storage_key').execute();
  return { files: files.sort(), rows: rows.length };
}

/** Succeeded jobs of `kind` this period, as if the user had made them. */
async function used(t: StudioApp, user: StudioUser, kind: string, n: number): Promise<void> {
  const at = new Date(t.clock.now()).toISOString();
  for (let i = 0; i < n; i += 1) {
    await t.app.db.insertInto('jobs').values({ id: randomUUID(), user_id: user.userId, kind, status: 'succeeded', input: '{}', created_at: at, finished_at: at, updated_at: at }).execute();
  }
}

/** A generated picture of the user's, as the runner would have recorded it (an image_template for cloth swaps). */
async function ownPicture(t: StudioApp, user: StudioUser): Promise<string> {
  const key = `gen/${randomUUID().replaceAll('-', '')}.png`;
  const file = join(scratch, `${key.slice(4)}`);
  await sharp({ create: { width: 64, height: 96, channels: 3, background: '#806040' } }).png().toFile(file);
  await t.app.storage.put(key, file, 'image/png');
  const at = new Date(t.clock.now()).toISOString();
  await t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: user.userId, job_id: null, kind: 'image', gender: 'female', url: t.app.storage.url(key), storage_key: key, mime: 'image/png', bytes: 1, face_prompt: null, created_at: at }).execute();
  return t.app.storage.url(key);
}

let garment: Buffer;
let otherGarment: Buffer;
let song: Buffer;
beforeAll(async () => {
  const shirt = (colour: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
      .composite([{ input: { create: { width: 180, height: 220, channels: 3, background: colour } }, top: 40, left: 60 }])
      .png().toBuffer();
  [garment, otherGarment] = await Promise.all([shirt('#c0392b'), shirt('#2980b9')]);
  song = sineWav(scratch, 16);
});

const garmentForm = (user: StudioUser, image: string, data = garment) => ({ user_id: user.userId, image_template: image, category: 'tops', consent: 'true', cloth_image: { name: 'shirt.png', data, type: 'image/png' } });

describe.each(engines)('allowances under a burst on %s', (engine) => {
  const database = useTestDatabase(engine);

  it('30 face requests at once from a Basic user (3 a month): exactly 3 jobs, 27 refusals naming the allowance', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user('burst@example.com', 'basic');
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => t.call(u, '/api/generate-face-prompt/', { prompt: `freckles ${i}` }, ASYNC)));
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(3);
    const refused = answers.filter((r) => r.statusCode !== 202);
    expect(refused.map((r) => r.statusCode)).toEqual(Array(27).fill(403));
    for (const r of refused) expect(r.json().error).toMatch(FACES_USED_UP);
    const jobs = await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', u.userId).execute();
    expect(jobs).toHaveLength(3);
    await t.app.close();
  });

  it('a failed or canceled job gives its reservation back; a queued one holds it', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user('giveback@example.com', 'basic');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await t.call(u, '/api/generate-face-prompt/', { prompt: `bob ${i}` }, ASYNC)).json().job_id);
    expect((await t.call(u, '/api/generate-face-prompt/', { prompt: 'one more' }, ASYNC)).statusCode).toBe(403);
    expect((await t.call(u, `/api/jobs/${ids[0]}/cancel`, {})).statusCode).toBe(200);
    expect((await t.call(u, '/api/generate-face-prompt/', { prompt: 'one more' }, ASYNC)).statusCode).toBe(202);
    expect((await t.call(u, '/api/generate-face-prompt/', { prompt: 'and another' }, ASYNC)).statusCode).toBe(403);
    await t.app.close();
  });
});

describe('refused requests store nothing', () => {
  const database = useTestDatabase('sqlite');

  it('music without a plan, a good song with a bad voice file, a cloth swap over the allowance: no file kept', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const none = await t.user('noplan@example.com', null);
    const before = await stored(t);
    let res = await upload(t, none, '/api/audio_mucic_creator/', { user_id: none.userId, lyrics: 'la la', song_file: { name: 'song.wav', data: song, type: 'audio/wav' } }, ASYNC);
    expect([res.statusCode, res.json()]).toEqual([403, { error: 'Subscription required.' }]);
    expect(await stored(t)).toEqual(before);

    const u = await t.user('basic-music@example.com', 'basic');
    res = await upload(t, u, '/api/audio_mucic_creator/', {
      user_id: u.userId, lyrics: 'la la', song_file: { name: 'song.wav', data: song, type: 'audio/wav' }, voice_file: { name: 'voice.wav', data: Buffer.from('RIFF0000WAVEnot really'), type: 'audio/wav' }, consent: 'true',
    }, ASYNC);
    expect(res.statusCode, res.body).toBe(400);
    expect(await stored(t)).toEqual(before);

    const image = await ownPicture(t, u);
    const withPicture = await stored(t);
    await used(t, u, 'image', 15);
    res = await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), ASYNC);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^You have used all 15 image generations of your Basic plan this period\./);
    expect(await stored(t)).toEqual(withPicture);
    await t.app.close();
  });

  it('two cloth swaps at once for the last image of the allowance: one job keeps its garment, the other stores nothing', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user('last-one@example.com', 'basic');
    const image = await ownPicture(t, u);
    await used(t, u, 'image', 14);
    const before = await stored(t);
    const answers = await Promise.all([garment, otherGarment].map((data) => upload(t, u, '/api/newclothchanger/', garmentForm(u, image, data), ASYNC)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([202, 403]);
    const after = await stored(t);
    expect(after.files.filter((f) => !before.files.includes(f))).toEqual([expect.stringMatching(/^uploads\/[0-9a-f]{32}\.png$/)]);
    expect(after.rows).toBe(before.rows + 1);
    await t.app.close();
  });

  it('link copies need a plan and a free slot of the generation rate limit; a refused one fetches nothing', async () => {
    let hits = 0;
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const server = createServer((_req, res) => {
      hits += 1;
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
      const none = await t.user('nolinks@example.com', null);
      const res = await t.call(none, '/api/download/', { instagram_url: `http://${host}/pic.png`, consent: true });
      expect([res.statusCode, res.json()]).toEqual([403, { error: 'Subscription required.' }]);
      expect(hits).toBe(0);

      // Generation calls and link copies draw on one budget per client address (120 a minute): the refused copy above counted too.
      const u = await t.user('busy@example.com', 'basic');
      for (let i = 0; i < 118; i += 1) expect((await t.call(none, '/api/generate-face-prompt/', { prompt: 'x' })).statusCode).toBe(403);
      expect((await t.call(u, '/api/download/', { instagram_url: `http://${host}/pic.png`, consent: true })).statusCode).toBe(200);
      const limited = await t.call(u, '/api/download/', { instagram_url: `http://${host}/pic.png`, consent: true });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error).toMatch(/^Too many requests\. Please try again in /);
      expect(hits).toBe(1);
      await t.app.close();
    } finally {
      server.close();
    }
  });
});

describe('a job uses only its user\'s media, and what no job needs is swept', () => {
  const database = useTestDatabase('sqlite');
  let server: ReturnType<typeof createServer>;
  let host = '';
  beforeAll(async () => {
    const png = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#aa6633' } }).png().toBuffer();
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const copy = async (t: StudioApp, u: StudioUser) => {
    const res = await t.call(u, '/api/download/', { instagram_url: `http://${host}/pic.png`, consent: true });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().media_url as string;
  };

  it('another user\'s link copy, or one that does not exist, is a 400 when the request is made', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const a = await t.user('owner@example.com');
    const b = await t.user('borrower@example.com');
    const picture = await copy(t, a);
    const faceOf = async (u: StudioUser) => {
      const url = await ownPicture(t, u);
      await t.app.db.updateTable('media_items').set({ kind: 'face' }).where('url', '=', url).execute();
      return url;
    };
    const faceA = await faceOf(a);
    const faceB = await faceOf(b);
    const swap = (u: StudioUser, face: string, image: string) => t.call(u, '/api/generate-image-temp-link-men/', { face, image, consent: true }, ASYNC);
    expect((await swap(a, faceA, picture)).statusCode).toBe(202);
    let res = await swap(b, faceB, picture);
    expect([res.statusCode, res.json().error]).toEqual([400, 'Please provide an Instagram link.']);
    res = await swap(b, faceB, `/media/fetched/${'0'.repeat(32)}.png`);
    expect(res.statusCode).toBe(400);
    expect(await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', b.userId).execute()).toEqual([]);
    await t.app.close();
  });

  it('sweeps copies no job used within a day, files of jobs that failed or were canceled over a day ago, and files of deleted accounts', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user('sweep@example.com');
    const unused = await copy(t, u);
    const usedCopy = await copy(t, u);
    const face = await ownPicture(t, u);
    await t.app.db.updateTable('media_items').set({ kind: 'face' }).where('url', '=', face).execute();
    expect((await t.call(u, '/api/generate-image-temp-link-men/', { face, image: usedCopy, consent: true }, ASYNC)).statusCode).toBe(202);
    const image = await ownPicture(t, u);
    const canceled = (await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), ASYNC)).json().job_id as string;
    const queued = (await upload(t, u, '/api/newclothchanger/', garmentForm(u, image, otherGarment), ASYNC)).json().job_id as string;
    expect((await t.call(u, `/api/jobs/${canceled}/cancel`, {})).statusCode).toBe(200);
    const uploadOf = async (id: string) => (JSON.parse((await t.app.jobs.repo.byId(id))!.input) as { garment: { key: string } }).garment.key;
    const keyOf = (url: string) => t.app.storage.keyOf(url)!;
    const exists = (key: string) => existsSync(join(t.config.mediaDir, key));

    // Within the day nothing goes: the canceled job can still be re-run (issue 29).
    const canceledUpload = await uploadOf(canceled);
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(0);
    expect([exists(keyOf(unused)), exists(keyOf(usedCopy)), exists(canceledUpload), exists(await uploadOf(queued))]).toEqual([true, true, true, true]);
    // A day on: the copy no job used and the canceled job's upload go; the queued job's files stay.
    t.clock.advance(24 * 60 * 60_000 + 1000);
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(2);
    expect([exists(keyOf(unused)), exists(keyOf(usedCopy)), exists(canceledUpload), exists(await uploadOf(queued))]).toEqual([false, true, false, true]);

    // The account goes with a job still queued (its rows cascade away): nothing of theirs stays.
    const queuedUpload = await uploadOf(queued);
    await t.app.db.deleteFrom('users').where('id', '=', u.userId).execute();
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(2);
    expect([exists(keyOf(usedCopy)), exists(queuedUpload)]).toEqual([false, false]);
    expect((await stored(t)).rows).toBe(0);
    await t.app.close();
  });

  it("a job's upload stays while it can be re-run: a day after it was canceled, and while its result is in the gallery", async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user('rerun-files@example.com');
    const image = await ownPicture(t, u);
    const uploadOf = async (id: string) => (JSON.parse((await t.app.jobs.repo.byId(id))!.input) as { garment: { key: string } }).garment.key;
    const exists = (key: string) => existsSync(join(t.config.mediaDir, key));
    // Hours later the access token has expired: the re-run and cancel go to the service the routes call.
    const rerunLater = (id: string) => t.app.jobs.service.rerun(u.userId, id, (kind) => t.app.jobs.engines.for(kind).engine, null, new Date(t.clock.now()).toISOString());

    // Canceled: re-run the next day (the new job reads the same upload), then a day after both ended it goes.
    const canceled = (await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), ASYNC)).json().job_id as string;
    expect((await t.call(u, `/api/jobs/${canceled}/cancel`, {})).statusCode).toBe(200);
    const done = (await upload(t, u, '/api/newclothchanger/', garmentForm(u, image, otherGarment), ASYNC)).json().job_id as string;
    t.clock.advance(12 * 60 * 60_000);
    const { job: rerun, created } = await rerunLater(canceled);
    expect([created, rerun.status]).toEqual([true, 'queued']);
    const second = rerun.id;
    expect(await uploadOf(second)).toBe(await uploadOf(canceled));
    expect((await t.app.jobs.repo.requestCancel(u.userId, second, new Date(t.clock.now()).toISOString()))?.status).toBe('canceled');
    t.clock.advance(12 * 60 * 60_000 + 1000);
    // A day after the first ended, but not the second: kept.
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(0);
    t.clock.advance(12 * 60 * 60_000);
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(1);
    expect(exists(await uploadOf(canceled))).toBe(false);
    await expect(rerunLater(canceled)).rejects.toMatchObject({ statusCode: 409, message: QUEUE_MESSAGES.inputsGone });

    // Succeeded (the second, queued until now): kept however old while its result is in the gallery, and goes with it.
    const at = new Date(t.clock.now()).toISOString();
    await t.app.db.updateTable('jobs').set({ status: 'succeeded', finished_at: at, updated_at: at }).where('id', '=', done).execute();
    await t.app.db.insertInto('media_items').values({ id: randomUUID(), user_id: u.userId, job_id: done, kind: 'cloth', gender: null, url: '/media/gen/result.png', storage_key: 'gen/result.png', mime: 'image/png', bytes: 1, face_prompt: null, created_at: at }).execute();
    t.clock.advance(30 * 24 * 60 * 60_000);
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(0);
    expect(exists(await uploadOf(done))).toBe(true);
    await t.app.db.deleteFrom('media_items').where('job_id', '=', done).execute();
    expect(await t.app.jobs.files.sweep(t.clock.now())).toBe(1);
    expect(exists(await uploadOf(done))).toBe(false);
    await t.app.close();
  });

  it('deleting an account deletes its uploads and link copies at once', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false', FETCH_ALLOW_HOSTS: host });
    const u = await t.user('leaving@example.com');
    await copy(t, u);
    const image = await ownPicture(t, u);
    expect((await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), ASYNC)).statusCode).toBe(202);
    expect((await stored(t)).rows).toBe(2);
    expect((await t.post('/api/delete-profile/', { user_id: u.userId, email: u.email }, u.access)).statusCode).toBe(204);
    expect(await stored(t)).toEqual({ files: [], rows: 0 });
    await t.app.close();
  });
});

describe('an Idempotency-Key names one request', () => {
  const database = useTestDatabase('sqlite');

  it('the same payload answers the same job; another payload is 422, another kind of call 409', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user('keys@example.com');
    const first = await t.call(u, '/api/generate-face-prompt/', { prompt: 'red hair', user_id: u.userId }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect(first.statusCode).toBe(202);
    // Field order does not matter.
    const again = await t.call(u, '/api/generate-face-prompt/', { user_id: u.userId, prompt: 'red hair' }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect(again.json().job_id).toBe(first.json().job_id);
    const other = await t.call(u, '/api/generate-face-prompt/', { prompt: 'blue hair' }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect([other.statusCode, other.json()]).toEqual([422, { error: 'This Idempotency-Key was used with another request payload.' }]);
    const face = await ownPicture(t, u);
    await t.app.db.updateTable('media_items').set({ kind: 'face' }).where('url', '=', face).execute();
    const kind = await t.call(u, '/api/generate-image-prompt/', { face_url: face, prompt: 'red hair' }, { ...ASYNC, 'idempotency-key': 'k-1' });
    expect([kind.statusCode, kind.json()]).toEqual([409, { error: 'This Idempotency-Key was used for another kind of request.' }]);
    expect(await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', u.userId).execute()).toHaveLength(1);
    await t.app.close();
  });

  it('multipart: the same files answer the same job without storing them again; other bytes are 422 and store nothing', async () => {
    const t = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await t.user('upload-keys@example.com');
    const image = await ownPicture(t, u);
    const key = { ...ASYNC, 'idempotency-key': 'garment-1' };
    const first = await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), key);
    expect(first.statusCode, first.body).toBe(202);
    const after = await stored(t);
    const replay = await upload(t, u, '/api/newclothchanger/', garmentForm(u, image), key);
    expect([replay.statusCode, replay.json().job_id]).toEqual([202, first.json().job_id]);
    const changed = await upload(t, u, '/api/newclothchanger/', garmentForm(u, image, otherGarment), key);
    expect([changed.statusCode, changed.json().error]).toEqual([422, 'This Idempotency-Key was used with another request payload.']);
    expect(await stored(t)).toEqual(after);
    await t.app.close();
  });
});
