// The app with media in S3 (s3rver on 127.0.0.1, real HTTP): a face and a template swap through the
// job API land in the bucket and load from the URLs the API gives, as streamed, signed or public
// URLs; a worker with its own media folder shares media through the bucket; the start-up check
// stops an app whose bucket does not answer.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobSystem } from '../../server/src/jobs/system.ts';
import { startContentCredentials } from '../../server/src/provenance/index.ts';
import { openStorage } from '../../server/src/storage/index.ts';
import { buildTestApp, testConfig } from './support/app.ts';
import { useTestDatabase } from './support/db.ts';
import { startS3, type TestS3 } from './support/s3.ts';
import { studioApp } from './support/studio.ts';

const database = useTestDatabase('sqlite');
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

const keyOfOutput = (url: string) => /^\/media\/(gen\/[0-9a-f]{32}\.png)$/.exec(url)?.[1] ?? '';
const csp = (headers: Record<string, unknown>) => String(headers['content-security-policy']);

async function bucketBytes(key: string): Promise<Buffer> {
  const object = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

describe('the job API with media in S3', () => {
  it('keeps a generated face in the bucket, serves it at the URL the API answers, and swaps it into a local template', async () => {
    const t = await studioApp(database.current, s3.env);
    const u = await t.user('s3-face@example.com');
    const res = await t.call(u, '/api/generate_face_c/', { user_id: u.userId, celebrity1: 'Ada Lovelace', celebrity2: 'Grace Hopper', celebrity3: 'Hedy Lamarr' });
    expect(res.statusCode, res.body).toBe(200);
    const { output } = res.json() as { output: string };
    const key = keyOfOutput(output);
    expect(key, output).not.toBe('');
    expect(await s3.head(key)).toMatchObject({ ContentType: 'image/png' });
    expect(existsSync(join(t.config.mediaDir, 'gen'))).toBe(false);

    const media = await t.app.inject({ method: 'GET', url: `${output}?t=1712` });
    expect(media.statusCode).toBe(200);
    expect(media.headers).toMatchObject({ 'content-type': 'image/png', 'cache-control': 'public, max-age=86400', 'accept-ranges': 'bytes' });
    expect(media.rawPayload.equals(await bucketBytes(key))).toBe(true);
    expect((await sharp(media.rawPayload).metadata()).format).toBe('png');
    // The page's CSP needs nothing beyond our own origin: media stays on it.
    expect(csp(media.headers)).not.toContain(s3.endpoint);
    const part = await t.app.inject({ method: 'GET', url: output, headers: { range: 'bytes=0-99' } });
    expect([part.statusCode, part.headers['content-range'], part.rawPayload.length]).toEqual([206, `bytes 0-99/${media.rawPayload.length}`, 100]);
    const again = await t.app.inject({ method: 'GET', url: output, headers: { 'if-none-match': String(media.headers.etag) } });
    expect([again.statusCode, again.rawPayload.length]).toEqual([304, 0]);
    const head = await t.app.inject({ method: 'HEAD', url: output });
    expect([head.statusCode, head.headers['content-length']]).toEqual([200, String(media.rawPayload.length)]);
    expect((await t.app.inject({ method: 'GET', url: '/media/gen/0123456789abcdef0123456789abcdef.png' })).statusCode).toBe(404);

    // The face read back from the bucket, the template from MEDIA_DIR, the result into the bucket.
    const swap = await t.call(u, '/api/generate-image-temp/', { face: output, image: '/media/templates/ImageTemplate/3.jpg' });
    expect(swap.statusCode, swap.body).toBe(200);
    const swapped = swap.json().result_image_url as string;
    expect(await s3.head(keyOfOutput(swapped))).toMatchObject({ ContentType: 'image/png' });
    expect(existsSync(join(t.config.mediaDir, 'templates', 'ImageTemplate', '3.jpg'))).toBe(true);
    const gallery = (await t.call(u, '/api/gallery/', { user_id: u.userId })).json();
    expect(gallery.faces.map((f: { image_url: string }) => f.image_url)).toEqual([output]);
    await t.app.close();
  });

  it('shares media between an API process and a worker with separate media folders through the bucket alone', async () => {
    const t = await studioApp(database.current, { ...s3.env, RUN_JOBS: 'false', MEDIA_DIR: join(database.current.dataDir, 'api-media') });
    const config = testConfig(database.current, { ...s3.env, MEDIA_DIR: join(database.current.dataDir, 'worker-media') });
    // What `npm run worker` does (server/src/jobs/worker.ts), in this process.
    const worker = createJobSystem({ db: database.current.db, config, storage: await openStorage(config), log: t.app.log, now: Date.now, signer: await startContentCredentials(config) });
    worker.queue.start();
    try {
      const u = await t.user('s3-worker@example.com');
      const queued = await t.call(u, '/api/generate-face-prompt/', { prompt: 'silver pixie' }, { prefer: 'respond-async' });
      expect(queued.statusCode, queued.body).toBe(202);
      const job = await t.settle(u, queued.json().job_id as string);
      expect(job).toMatchObject({ status: 'succeeded', output: expect.stringMatching(/^\/media\/gen\//) });
      const media = await t.app.inject({ method: 'GET', url: job.output as string });
      expect([media.statusCode, media.headers['content-type']]).toEqual([200, 'image/png']);
      expect(['api-media', 'worker-media'].map((d) => existsSync(join(database.current.dataDir, d, 'gen')))).toEqual([false, false]);
    } finally {
      await worker.queue.stop();
      await t.app.close();
    }
  });

  it('redirects /media to a signed URL that loads, with S3_PRESIGN_SECONDS, and allows the bucket in the CSP', async () => {
    const { app } = await buildTestApp(database.current, { env: { ...s3.env, S3_PRESIGN_SECONDS: '600' } });
    const file = join(database.current.dataDir, 'in.png');
    writeFileSync(file, await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } }).png().toBuffer());
    await app.storage.put('gen/signed.png', file, 'image/png');
    const res = await app.inject({ method: 'GET', url: app.storage.url('gen/signed.png') });
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/gen/signed.png?`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('600');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    const loaded = await fetch(location);
    expect([loaded.status, loaded.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await loaded.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    // A signed URL sent back by the page maps to its key; the bucket's origin may serve the page media.
    expect(app.storage.keyOf(location)).toBe('gen/signed.png');
    expect(csp(res.headers)).toMatch(new RegExp(`img-src [^;]*${s3.endpoint}`));
    await app.close();
  });

  it('answers public URLs with S3_PUBLIC_URL and still serves /media from the bucket', async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    const { app } = await buildTestApp(database.current, { env: { ...s3.env, S3_PUBLIC_URL: publicUrl } });
    const file = join(database.current.dataDir, 'song.mp3');
    writeFileSync(file, 'ID3 not really a song');
    await app.storage.put('gen/public.mp3', file, 'audio/mpeg');
    expect(app.storage.url('gen/public.mp3')).toBe(`${publicUrl}/gen/public.mp3`);
    const loaded = await fetch(app.storage.url('gen/public.mp3'));
    expect([loaded.status, loaded.headers.get('content-type'), await loaded.text()]).toEqual([200, 'audio/mpeg', 'ID3 not really a song']);
    const served = await app.inject({ method: 'GET', url: '/media/gen/public.mp3' });
    expect([served.statusCode, served.body]).toEqual([200, 'ID3 not really a song']);
    expect(csp(served.headers)).toMatch(new RegExp(`media-src [^;]*${s3.endpoint}`));
    await app.close();
  });

  it('answers 502 (not a hang or a leak) when the store goes away, and will not start without its bucket', async () => {
    const own = await startS3('short-lived');
    const { app } = await buildTestApp(database.current, { env: own.env });
    await own.stop();
    const res = await app.inject({ method: 'GET', url: '/media/gen/any.png' });
    expect([res.statusCode, res.json()]).toEqual([502, { error: 'Bad Gateway' }]);
    await app.close();

    const refused = buildTestApp(database.current, { env: { ...s3.env, S3_BUCKET: 'not-made' } });
    await expect(refused).rejects.toThrow(/S3_BUCKET names no bucket at S3_ENDPOINT .* \(got "not-made"\): create it first/);
  });
});
