// Upscaling (issue 31): the real ESRGAN model (@upscalerjs/esrgan-slim on TensorFlow.js wasm, in a
// child process) on a 96x96 crop of a real photograph shipped inside @vladmandic/face-api, then
// POST /upscale/ end to end on the local engine: ownership, size and scale refusals storing
// nothing, the result in the gallery with its source and scale, marked as made by a trained model.
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/src/db/util.ts';
import { UpscaleModel, type RgbPicture } from '../../server/src/engines/local/upscale-model.ts';
import { useTestDatabase } from './support/db.ts';
import { markAt, studioApp, type StudioApp, type StudioUser } from './support/studio.ts';
import { until } from './support/until.ts';

const PHOTO = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample2.jpg');
const scratch = mkdtempSync(join(tmpdir(), 'ps-upscale-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const never = new AbortController().signal;

/** A size x size crop of the photograph (RGB). */
async function photo(size: number): Promise<RgbPicture> {
  const { data, info } = await sharp(PHOTO).resize(size * 4).extract({ left: size, top: size / 2, width: size, height: size }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { rgb: data, width: info.width, height: info.height };
}

function psnr(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

const lanczos = async (p: RgbPicture, scale: number) =>
  sharp(p.rgb, { raw: { width: p.width, height: p.height, channels: 3 } }).resize(p.width * scale, p.height * scale, { kernel: 'lanczos3' }).raw().toBuffer();

describe('ESRGAN upscaler', () => {
  const model = new UpscaleModel();
  afterAll(() => model.close());

  it('makes a picture 2x and 4x larger, a tile at a time with progress, unlike a plain resize, with no seams', async () => {
    const pic = await photo(96);
    const shares: number[] = [];
    const tiled = await model.upscale(pic, 2, never, (s) => shares.push(s), 32);
    expect([tiled.width, tiled.height]).toEqual([192, 192]);
    // 9 tiles of 32 px, each reported once, in order.
    expect(shares).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => n / 9));
    const plain = await lanczos(pic, 2);
    const vsResize = psnr(tiled.rgb, plain);
    // The model's own picture: close to a resize (same content) but not one.
    expect(vsResize).toBeGreaterThan(25);
    expect(vsResize).toBeLessThan(45);
    // One tile over the whole picture: the tiles' cropped overlap leaves no seam to tell them apart.
    const whole = await model.upscale(pic, 2, never, undefined, 96);
    expect(psnr(tiled.rgb, whole.rgb)).toBeGreaterThan(45);
    expect(tiled.usage.maxRssBytes).toBeGreaterThan(0);

    const four = await model.upscale(pic, 4, never);
    expect([four.width, four.height]).toEqual([384, 384]);
    expect(psnr(four.rgb, await lanczos(pic, 4))).toBeLessThan(45);
  }, 120_000);

  it('a cancel stops the picture between tiles; the process stays for the next one, close() ends it', async () => {
    const pic = await photo(96);
    const stop = new AbortController();
    const shares: number[] = [];
    const canceled = model.upscale(pic, 2, stop.signal, (s) => (shares.push(s), stop.abort(new Error('canceled by the user'))), 16);
    await expect(canceled).rejects.toThrow('canceled by the user');
    const pid = model.pid;
    const next = await model.upscale(pic, 2, never);
    expect(next.width).toBe(192);
    // It stopped at once: far fewer than the 36 tiles were run.
    expect(shares.length).toBeLessThan(4);
    expect(model.pid).toBe(pid);
    await model.close();
    expect(model.pid).toBeUndefined();
    expect(() => process.kill(pid!, 0)).toThrow();
  }, 120_000);
});

const database = useTestDatabase('sqlite');

/** A generated picture of `kind` owned by the user, as a job would have stored it. */
async function stored(t: StudioApp, u: StudioUser, width: number, height: number, kind: 'face' | 'image' | 'cloth' = 'image'): Promise<string> {
  const file = join(scratch, `${newId()}.png`);
  writeFileSync(file, await sharp(PHOTO).resize(width, height, { fit: 'cover' }).png().toBuffer());
  const key = `gen/${newId()}.png`;
  const { bytes } = await t.app.storage.put(key, file, 'image/png');
  const url = t.app.storage.url(key);
  await t.app.db.insertInto('media_items').values({ id: newId(), user_id: u.userId, job_id: null, kind, gender: 'female', url, storage_key: key, mime: 'image/png', bytes, face_prompt: null, created_at: new Date(t.clock.now()).toISOString() }).execute();
  return url;
}

describe('POST /upscale/ on the local engine', () => {
  it('upscales the user\'s own picture into the gallery with its source and scale, marked as a trained model\'s', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('upscale@example.com');
    const source = await stored(t, u, 96, 64, 'cloth');
    const res = await t.call(u, '/api/upscale/', { user_id: u.userId, image_url: source, scale: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const { output_url, job_id, engine } = res.json() as { output_url: string; job_id: string; engine: string };
    expect(engine).toBe('local');
    const media = await t.app.inject({ method: 'GET', url: output_url });
    expect(await sharp(media.rawPayload).metadata()).toMatchObject({ width: 192, height: 128, format: 'png' });
    expect(await markAt(t, output_url)).toBe('trainedAlgorithmicMedia');
    expect((await t.get(u, `/api/jobs/${job_id}`)).json()).toMatchObject({ kind: 'upscale', status: 'succeeded', progress: 100 });

    // An upscale of the upscale (an image now), 2x again.
    t.clock.advance(1000);
    const again = await t.call(u, '/api/upscale/', { user_id: u.userId, image_url: output_url, scale: 2 });
    expect(again.statusCode, again.body).toBe(200);
    const gallery = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json();
    expect(gallery.images).toEqual([
      expect.objectContaining({ image_url: again.json().output_url, upscaled_from: output_url, scale: 2 }),
      expect.objectContaining({ image_url: output_url, upscaled_from: source, scale: 2, gender: 'female' }),
    ]);
    expect(gallery.cloth).toEqual([expect.objectContaining({ gen_image_url: source })]);
    await t.app.close();
  }, 120_000);

  it('a replay with the same Idempotency-Key is the same job; a cancel stops a running 4x between tiles, storing nothing', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('cancel@example.com');
    const source = await stored(t, u, 384, 384);
    const body = { user_id: u.userId, image_url: source, scale: 4 };
    const headers = { prefer: 'respond-async', 'idempotency-key': 'upscale-once' };
    const started = await t.call(u, '/api/upscale/', body, headers);
    expect(started.statusCode, started.body).toBe(202);
    const { job_id } = started.json() as { job_id: string };
    expect((await t.call(u, '/api/upscale/', body, headers)).json()).toEqual({ job_id });
    // Tiles are under way: progress comes from the model process.
    await until(async () => {
      const job = (await t.get(u, `/api/jobs/${job_id}`)).json() as { status: string; progress: number };
      return job.status === 'running' && job.progress > 1;
    }, 'the upscale under way with progress', 60_000);
    expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${job_id}/cancel`, headers: { authorization: `Bearer ${u.access}` } })).statusCode).toBeLessThan(300);
    expect(await t.settle(u, job_id)).toMatchObject({ status: 'canceled' });
    const images = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json().images as unknown[];
    expect(images).toHaveLength(1);
    await t.app.close();
  }, 120_000);

  it('refuses another user\'s picture, a missing or wrong scale, a result over 4096 px and no plan, storing nothing', async () => {
    const t = await studioApp(database.current);
    const u = await t.user('refused@example.com');
    const other = await t.user('other@example.com');
    const free = await t.user('free@example.com', null);
    const theirs = await stored(t, other, 96, 96);
    const wide = await stored(t, u, 1100, 64);
    const mine = await stored(t, u, 96, 96, 'face');
    const err = async (user: StudioUser, body: object) => {
      const res = await t.call(user, '/api/upscale/', { user_id: user.userId, ...body });
      return [res.statusCode, res.json().error];
    };
    expect(await err(u, { image_url: theirs, scale: 2 })).toEqual([400, 'Please select a generated picture to upscale.']);
    expect(await err(u, { image_url: '/media/gen/nope.png', scale: 2 })).toEqual([400, 'Please select a generated picture to upscale.']);
    expect(await err(u, { scale: 2 })).toEqual([400, 'Please select a generated picture to upscale.']);
    expect(await err(u, { image_url: mine })).toEqual([400, 'Please choose 2x or 4x.']);
    expect((await err(u, { image_url: mine, scale: 3 }))[0]).toBe(400);
    // 1100 x 2 = 2200 is fine; 1100 x 4 = 4400 is over.
    expect(await err(u, { image_url: wide, scale: 4 })).toEqual([400, 'This picture is too large to upscale.']);
    expect((await err(free, { image_url: mine, scale: 2 }))[0]).toBe(403);
    expect((await err(u, { user_id: other.userId, image_url: mine, scale: 2 }))[0]).toBe(403);
    expect(await t.app.db.selectFrom('jobs').select('id').execute()).toEqual([]);
    expect((await t.app.db.selectFrom('media_items').select('id').execute()).length).toBe(3);
    await t.app.close();
  }, 60_000);
});
