// The studio's generation calls end to end on the real local engine (SQLite: media-producing tests
// run on one database), plus the job API, idempotency, cancel and the gallery.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/db.ts';
import { markAt, sineWav, studioApp, upload, type StudioApp, type StudioUser } from './support/studio.ts';
import { until } from './support/until.ts';
import { WARM_UP_HEADER } from '../../contract/sw-messages.ts';

const database = useTestDatabase('sqlite');
const scratch = mkdtempSync(join(tmpdir(), 'ps-studio-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function face(t: StudioApp, u: StudioUser, names = ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr']) {
  const res = await t.call(u, '/api/generate_face_c/', { user_id: u.userId, celebrity1: names[0], celebrity2: names[1], celebrity3: names[2] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { output: string; face_prompt: string; job_id: string; engine: string };
}


describe('studio on sqlite', () => {
  it('makes a face from three celebrities (same face in any order), serves it, lists it, and reports the job', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('face@example.com');
    const first = await face(t, u);
    t.clock.advance(1000);
    expect(first).toMatchObject({ engine: 'local', output: expect.stringMatching(/^\/media\/gen\/[0-9a-f]{32}\.png$/) });
    expect(first.face_prompt.length).toBeGreaterThan(3);
    const media = await t.app.inject({ method: 'GET', url: first.output });
    expect(media.statusCode).toBe(200);
    expect((await sharp(media.rawPayload).metadata()).format).toBe('png');
    const again = await face(t, u, ['Hedy Lamarr', 'Ada Lovelace', 'Grace Hopper']);
    const second = await t.app.inject({ method: 'GET', url: again.output });
    // The same picture; the files differ only in their signed Content Credentials (a fresh signature each time).
    const pixels = async (png: Buffer) => (await sharp(png).raw().toBuffer()).toString('base64');
    expect(await pixels(second.rawPayload)).toBe(await pixels(media.rawPayload));
    expect(await markAt(t, again.output)).toBe('algorithmicMedia');

    const job = (await t.get(u, `/api/jobs/${first.job_id}`)).json();
    expect(job).toMatchObject({ job_id: first.job_id, kind: 'face', status: 'succeeded', progress: 100, engine: 'local', error: null, output: first.output });
    const gallery = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json();
    expect(gallery.faces).toHaveLength(2);
    expect(gallery.faces[0]).toMatchObject({ id: expect.any(String), image_url: again.output, gender: 'female', face_prompt: again.face_prompt, job_id: again.job_id });
    expect(Object.keys(gallery).sort()).toEqual(['audio', 'cloth', 'faces', 'gen_video', 'images', 'videos']);
    const list = (await t.get(u, '/api/jobs?status=succeeded')).json();
    expect(list.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([again.job_id, first.job_id]);
    await t.app.close();
  });

  it('answers every validation rule with the spec texts, and 401/403 for the wrong caller', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('rules@example.com');
    const other = await t.user('other@example.com');
    const err = async (url: string, body: object) => {
      const res = await t.call(u, url, { user_id: u.userId, ...body });
      return [res.statusCode, res.json().error];
    };
    expect(await err('/api/generate_face_c/', { celebrity1: 'A', celebrity2: ' ', celebrity3: 'C' })).toEqual([400, 'Please enter all celebrity names.']);
    expect(await err('/api/generate_face_c_men/', { mencelebrity1: 'A', mencelebrity2: 'B' })).toEqual([400, 'Please enter all celebrity names.']);
    expect(await err('/api/generate-face-prompt/', { prompt: '   ' })).toEqual([400, 'Please enter a prompt.']);
    expect(await err('/api/generate-image-prompt/', { face_url: '/media/gen/nope.png', prompt: 'beach' })).toEqual([400, 'Please select a face.']);
    const theirs = await face(t, other);
    expect(await err('/api/generate-image-prompt/', { face_url: theirs.output, prompt: 'beach' })).toEqual([400, 'Please select a face.']);
    const mine = await face(t, u);
    expect(await err('/api/generate-image-prompt/', { face_url: mine.output, prompt: '' })).toEqual([400, 'Please select a pose and provide a prompt.']);
    expect(await err('/api/generate-image-temp/', { face: mine.output, image: '/media/templates/ImageTemplate/186.jpg' })).toEqual([400, 'Please select a template.']);
    expect(await err('/api/generate-image-temp-template-men/', { face: mine.output, image: '/media/templates/ImageTemplateMen/32.jpg' })).toEqual([400, 'Please select a template.']);
    expect(await err('/api/generate-image-temp-link-men/', { face: mine.output, image: 'http://169.254.169.254/latest' })).toEqual([400, 'Please provide an Instagram link.']);
    expect(await err('/api/face-swap/', { input_image_url: mine.output, target_video_url: '/media/templates/VideoTemplate/157.mp4' })).toEqual([400, 'Please select a template.']);
    expect(await err('/api/imagetovideos/', { input_image: mine.output, prompt: 'zoom in' })).toEqual([400, 'Please select a generated image and prompt']);
    expect(await err('/api/download/', { instagram_url: '' })).toEqual([400, 'Please provide an Instagram link.']);
    expect(await err('/api/download_link/', {})).toEqual([400, 'Please provide a valid Instagram link.']);

    // 401 without a token, 403 for another user's id or without the security-key header.
    expect((await t.app.inject({ method: 'POST', url: '/api/generate-face-prompt/', payload: { prompt: 'x' } })).statusCode).toBe(401);
    expect((await t.call(u, '/api/generate-face-prompt/', { user_id: other.userId, prompt: 'x' })).statusCode).toBe(403);
    const noKey = await t.app.inject({ method: 'POST', url: '/api/generate-face-prompt/', payload: { prompt: 'x' }, headers: { authorization: `Bearer ${u.access}` } });
    expect([noKey.statusCode, noKey.json().error]).toEqual([403, 'Invalid security key.']);
    // Another user's job is as absent as a missing one.
    expect((await t.get(u, `/api/jobs/${theirs.job_id}`)).statusCode).toBe(404);
    expect((await t.call(u, `/api/jobs/${theirs.job_id}/cancel`, {})).statusCode).toBe(404);
    await t.app.close();
  });

  it('needs a plan (403 Subscription required.) and names the allowance once it is used up', async () => {
    const t = await studioApp(database.current);
    const none = await t.user('noplan@example.com', null);
    let res = await t.call(none, '/api/generate-face-prompt/', { user_id: none.userId, prompt: 'red hair' });
    expect([res.statusCode, res.json()]).toEqual([403, { error: 'Subscription required.' }]);
    const basic = await t.user('basic@example.com', 'basic');
    for (let i = 0; i < 3; i += 1) expect((await t.call(basic, '/api/generate-face-prompt/', { prompt: `curly hair ${i}` })).statusCode).toBe(200);
    res = await t.call(basic, '/api/generate-face-prompt/', { prompt: 'one more' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^You have used all 3 face generations of your Basic plan this period\. It ends on \d{4}-\d\d-\d\d\.$/);
    expect((await t.call(basic, '/api/get_current_plan/', { user_id: basic.userId })).json().usage.faces).toEqual({ used: 3, limit: 3 });
    await t.app.close();
  });

  it('Prefer: respond-async answers 202 + Location; one Idempotency-Key is one job, even 50 at once', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('async@example.com');
    const res = await t.call(u, '/api/generate-face-prompt/', { prompt: 'silver bob, green eyes' }, { prefer: 'respond-async', 'idempotency-key': 'k-1' });
    expect(res.statusCode, res.body).toBe(202);
    const { job_id } = res.json();
    expect(res.headers.location).toBe(`/api/jobs/${job_id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');
    const done = await t.settle(u, job_id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, output: expect.stringMatching(/^\/media\/gen\//) });
    // The replay answers the same job, synchronously, without a second run.
    const replay = await t.call(u, '/api/generate-face-prompt/', { prompt: 'silver bob, green eyes' }, { 'idempotency-key': 'k-1' });
    expect(replay.json()).toMatchObject({ job_id, output: done.output });

    const burst = await Promise.all(Array.from({ length: 50 }, () => t.call(u, '/api/generate-face-prompt/', { prompt: 'burst' }, { prefer: 'respond-async', 'idempotency-key': 'k-burst' })));
    expect(new Set(burst.map((r) => r.json().job_id)).size).toBe(1);
    expect(burst.every((r) => r.statusCode === 202)).toBe(true);
    const rows = await t.app.db.selectFrom('jobs').select('id').where('user_id', '=', u.userId).where('idempotency_key', '=', 'k-burst').execute();
    expect(rows).toHaveLength(1);
    await t.settle(u, burst[0]!.json().job_id);
    expect((await t.call(u, '/api/generate-face-prompt/', { prompt: 'x' }, { 'idempotency-key': 'bad key with spaces' })).statusCode).toBe(400);
    await t.app.close();
  });

  it('cancels a queued job at once and a running one through its runner', async () => {
    const queued = await studioApp(database.current, { RUN_JOBS: 'false' });
    const u = await queued.user('cancel@example.com');
    const res = await queued.call(u, '/api/generate-face-prompt/', { prompt: 'waits' }, { prefer: 'respond-async' });
    const { job_id } = res.json();
    expect((await queued.get(u, `/api/jobs/${job_id}`)).json()).toMatchObject({ status: 'queued', progress: 0 });
    const canceled = await queued.call(u, `/api/jobs/${job_id}/cancel`, {});
    expect(canceled.json()).toMatchObject({ status: 'canceled' });
    await queued.app.close();

    const t = await studioApp(database.current);
    const f = await face(t, u);
    const image = await t.call(u, '/api/generate-image-prompt/', { face_url: f.output, prompt: 'city at dusk, full body' });
    expect(image.statusCode, image.body).toBe(200);
    const started = await t.call(u, '/api/imagetovideos/', { input_image: image.json().output_url, prompt: 'slow zoom in' }, { prefer: 'respond-async' });
    const id = started.json().job_id;
    await until(async () => (await t.get(u, `/api/jobs/${id}`)).json().status === 'running', 'the video job running', 20_000);
    await t.call(u, `/api/jobs/${id}/cancel`, {});
    expect(await t.settle(u, id)).toMatchObject({ status: 'canceled', error: null });
    expect((await t.call(u, '/api/gallery/', {})).json().gen_video).toHaveLength(0);
    await t.app.close();
  });

  it('image, template swap, face into a video template, image to video, cloth swap and music: real media in the gallery', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('media@example.com');
    const f = await face(t, u);
    // Every output carries the IPTC mark (issue 26): the local engine draws, so algorithmicMedia,
    // or compositeSynthetic when built on the user's own media (the garment photo, the song).
    const marks: Record<string, string | null> = { face: await markAt(t, f.output) };
    let res = await t.call(u, '/api/generate-image-prompt-men/', { face_url: f.output, prompt: 'beach at sunset, upper body 1' });
    expect(res.statusCode, res.body).toBe(200);
    const image = res.json().output_url as string;
    marks.image = await markAt(t, image);
    res = await t.call(u, '/api/generate-image-temp/', { face: f.output, image: '/media/templates/ImageTemplate/3.jpg?t=123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result_image_url).toMatch(/^\/media\/gen\/.*\.png$/);
    marks.swapImage = await markAt(t, res.json().result_image_url);
    res = await t.call(u, '/api/face-swap/', { input_image_url: f.output, target_video_url: '/media/templates/VideoTemplate/1.mp4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().video_url).toMatch(/\.mp4$/);
    marks.swapVideo = await markAt(t, res.json().video_url);
    res = await t.call(u, '/api/imagetovideos/', { input_image: image, prompt: 'pan left' });
    expect(res.statusCode, res.body).toBe(200);
    marks.imageToVideo = await markAt(t, res.json().output_url);

    const garment = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#ffffff' } })
      .composite([{ input: await sharp({ create: { width: 180, height: 220, channels: 3, background: '#c0392b' } }).png().toBuffer(), top: 40, left: 60 }])
      .png().toBuffer();
    res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, consent: 'true', image_template: image, category: 'tops', cloth_image: { name: 'shirt.png', data: garment, type: 'image/png' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output_image).toMatch(/\.png$/);
    marks.clothSwap = await markAt(t, res.json().output_image);
    res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, consent: 'true', image_template: image, category: 'hats', cloth_image: { name: 'shirt.png', data: garment, type: 'image/png' } });
    expect([res.statusCode, res.json().error]).toEqual([400, 'Category must be tops, bottoms or one-pieces.']);
    // A garment picture with no garment in it: the job fails on its input, says why, and costs nothing.
    const usedBefore = (await t.call(u, '/api/get_current_plan/', { user_id: u.userId })).json().usage.images.used;
    const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, consent: 'true', image_template: image, cloth_image: { name: 'blank.png', data: blank, type: 'image/png' } });
    expect([res.statusCode, res.json().error]).toEqual([422, 'No garment found in the uploaded image.']);
    expect((await t.call(u, '/api/get_current_plan/', { user_id: u.userId })).json().usage.images.used).toBe(usedBefore);
    res = await upload(t, u, '/api/newclothchanger/', { user_id: u.userId, consent: 'true', image_template: image, cloth_image: { name: 'shirt.png', data: Buffer.from('GIF89a not a png'), type: 'image/png' } });
    expect([res.statusCode, res.json().error]).toEqual([400, 'Garment image must be PNG, JPEG or WEBP.']);

    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la la la', song_file: { name: 'song.wav', data: sineWav(scratch, 16), type: 'audio/wav' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().output_url).toMatch(/\.mp3$/);
    marks.music = await markAt(t, res.json().output_url);
    expect(marks).toEqual({
      face: 'algorithmicMedia', image: 'algorithmicMedia', swapImage: 'algorithmicMedia', swapVideo: 'algorithmicMedia',
      imageToVideo: 'algorithmicMedia', clothSwap: 'compositeSynthetic', music: 'compositeSynthetic',
    });
    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: u.userId, lyrics: 'la', song_file: { name: 'song.wav', data: sineWav(scratch, 5), type: 'audio/wav' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('File must be longer than 15 seconds');
    res = await upload(t, u, '/api/audio_mucic_creator/', { user_id: 'someone-else', lyrics: 'la', song_file: { name: 'song.wav', data: sineWav(scratch, 16), type: 'audio/wav' } });
    expect(res.statusCode).toBe(403);

    const gallery = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json();
    expect({ faces: gallery.faces.length, images: gallery.images.length, videos: gallery.videos.length, gen_video: gallery.gen_video.length, cloth: gallery.cloth.length, audio: gallery.audio.length })
      .toEqual({ faces: 1, images: 2, videos: 1, gen_video: 1, cloth: 1, audio: 1 });
    // Uploads stay while their job can be re-run (issue 29): a succeeded job's while its result is
    // in the gallery, a failed one's for a day after it ended.
    const jobs = await t.app.db.selectFrom('jobs').select(['input', 'status']).where('user_id', '=', u.userId).where('kind', 'in', ['clothSwap', 'music']).execute();
    const uploadsOf = (status: string) => jobs.flatMap((job) => (job.status === status ? (job.input.match(/uploads\/[0-9a-f]{32}\.\w+/g) ?? []) : []));
    const kept = (keys: string[]) => keys.map((key) => existsSync(join(t.config.mediaDir, key)));
    const [succeeded, failed] = [uploadsOf('succeeded'), uploadsOf('failed')];
    expect(succeeded.length).toBeGreaterThanOrEqual(2);
    expect([kept(succeeded), kept(failed)]).toEqual([succeeded.map(() => true), failed.map(() => true)]);
    expect(await t.app.jobs.files.sweep(t.clock.now() + 2 * 24 * 60 * 60_000)).toBe(failed.length);
    expect([kept(succeeded), kept(failed)]).toEqual([succeeded.map(() => true), failed.map(() => false)]);
    await t.app.close();
    // The cloth swap loads and runs the garment cut-out model: seconds on a busy machine.
  }, 120_000);

  it('/download/ and /download_link/ copy linked media in (through the fetch guard) for the link flows', async () => {
    const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const clipFile = join(scratch, 'linked.mp4');
    execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x568:rate=25:duration=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', clipFile]);
    const clip = readFileSync(clipFile);
    const server = createServer((req, res) => {
      if (req.url === '/pic.png') res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      else if (req.url === '/clip.mp4') res.writeHead(200, { 'content-type': 'video/mp4' }).end(clip);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const closed = await studioApp(database.current);
      const v = await closed.user('closed@example.com');
      const refused = await closed.call(v, '/api/download/', { instagram_url: `${base}/pic.png`, consent: true });
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'The link points to a private address.']);
      await closed.app.close();

      const t = await studioApp(database.current, { FETCH_ALLOW_HOSTS: base.slice('http://'.length) });
      const u = await t.user('links@example.com');
      const f = await face(t, u);
      let res = await t.call(u, '/api/download/', { instagram_url: `${base}/pic.png`, consent: true });
      expect(res.statusCode, res.body).toBe(200);
      const picture = res.json().media_url as string;
      expect(picture).toMatch(/^\/media\/fetched\/[0-9a-f]{32}\.png$/);
      res = await t.call(u, '/api/generate-image-temp-link-men/', { face: f.output, image: picture, consent: true });
      expect(res.statusCode, res.body).toBe(200);
      // Built on a linked post: a composite (issue 26).
      expect(await markAt(t, res.json().result_image_url)).toBe('compositeSynthetic');
      res = await t.call(u, '/api/download_link/', { instagram_url: `${base}/clip.mp4`, consent: true });
      expect(res.statusCode, res.body).toBe(200);
      const video = res.json().media_url as string;
      expect(video).toMatch(/\.mp4$/);
      // A picture is no video source, and the other way round.
      expect((await t.call(u, '/api/face-swap/', { input_image_url: f.output, target_video_url: picture, consent: true })).statusCode).toBe(400);
      res = await t.call(u, '/api/face-swap/', { input_image_url: f.output, target_video_url: video, consent: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().video_url).toMatch(/\.mp4$/);
      expect(await markAt(t, res.json().video_url)).toBe('compositeSynthetic');
      res = await t.call(u, '/api/download_link/', { instagram_url: `${base}/pic.png`, consent: true });
      expect([res.statusCode, res.json().error]).toEqual([400, 'The link is not an MP4 or WebM video.']);
      await t.app.close();
    } finally {
      server.close();
    }
  });

  it('serves a template or thumbnail not yet made by making it on the spot; unknown ones stay 404', async () => {
    const t = await studioApp(database.current);
    for (const [url, format] of [['/media/templates/thumbs/VideoTemplateMen/7.jpg', 'jpeg'], ['/media/templates/ImageTemplate/11.jpg', 'jpeg']] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).format).toBe(format);
    }
    // The service worker's background warm-up takes only what exists: it never makes the server draw.
    const warmUp = { [WARM_UP_HEADER]: '1' };
    expect((await t.app.inject({ method: 'GET', url: '/media/templates/thumbs/ImageTemplate/9.jpg', headers: warmUp })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/templates/thumbs/VideoTemplateMen/7.jpg', headers: warmUp })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/media/templates/ImageTemplate/186.jpg' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/templates/thumbs/VideoTemplate/157.jpg' })).statusCode).toBe(404);
    await t.app.close();
  });
});
