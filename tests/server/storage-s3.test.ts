// The S3 media storage against a real S3-compatible server (s3rver on 127.0.0.1, the real SDK over
// HTTP): the MediaStorage contract, URLs and keys, the split with the local libraries, and the
// start-up check naming the setting to fix.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Settings } from '../../server/src/config/index.ts';
import { chooseStorage } from '../../server/src/storage/index.ts';
import type { S3Storage } from '../../server/src/storage/s3.ts';
import { startS3, type TestS3 } from './support/s3.ts';

let s3: TestS3;
const scratch = mkdtempSync(join(tmpdir(), 'ps-s3-contract-'));
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3.stop();
  rmSync(scratch, { recursive: true, force: true });
});

function config(env: Record<string, string> = {}): Settings {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: scratch, JWT_SECRET: 'k'.repeat(40), ...s3.env, ...env });
}

const bucketOf = async (env: Record<string, string> = {}) => (await chooseStorage(config(env))).bucket as S3Storage;
const code = (promise: Promise<unknown>) => promise.then(() => 'resolved', (err: NodeJS.ErrnoException) => err.code);

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('S3 media storage', () => {
  it('keeps, streams, downloads and deletes objects with their type; an absent key is ENOENT', async () => {
    const storage = await bucketOf();
    const bytes = randomBytes(200_000);
    const file = join(scratch, 'in.png');
    writeFileSync(file, bytes);
    const key = `gen/${randomBytes(16).toString('hex')}.png`;
    expect(await storage.put(key, file, 'image/png')).toEqual({ key, bytes: bytes.length, mime: 'image/png' });
    expect(await s3.head(key)).toMatchObject({ ContentType: 'image/png', ContentLength: bytes.length });

    const chunks: Buffer[] = [];
    for await (const chunk of await storage.stream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    const copy = join(scratch, 'copy.png');
    await storage.download(key, copy);
    expect(readFileSync(copy).equals(bytes)).toBe(true);

    await storage.delete(key);
    expect(await s3.head(key)).toBeNull();
    expect(await code(storage.stream(key))).toBe('ENOENT');
    expect(await code(storage.download(key, join(scratch, 'gone.png')))).toBe('ENOENT');
    expect(await code(storage.delete(key))).toBe('resolved');
    expect(await code(storage.put('../escape.png', file, 'image/png'))).toBe('EINVAL');
    expect(await code(storage.stream('gen/../../x'))).toBe('EINVAL');
    storage.client.destroy();
  });

  it('maps its own URLs back to keys (served, public, signed, either bucket style) and nothing else', async () => {
    const storage = await bucketOf();
    const key = 'gen/0123abcd.png';
    expect(storage.url(key)).toBe(`/media/${key}`);
    const signed = await getSignedUrl(s3.client, new GetObjectCommand({ Bucket: s3.bucket, Key: key }), { expiresIn: 60 });
    for (const url of [`/media/${key}?t=1712`, `http://localhost:8080/media/${key}`, signed, `${s3.endpoint}/${s3.bucket}/${key}`]) {
      expect(storage.keyOf(url), url).toBe(key);
    }
    for (const url of [`${s3.endpoint}/other-bucket/${key}`, `http://elsewhere.example/${s3.bucket}/${key}`, `${s3.endpoint}/${s3.bucket}/gen/..%2F..%2Fx`, `https://cdn.example/${key}`, 'not a url', `/other/${key}`]) {
      expect(storage.keyOf(url), url).toBeNull();
    }
    storage.client.destroy();

    // Virtual-hosted URLs (bucket.endpoint-host/key) need a host name endpoint, as AWS has.
    const aws = await bucketOf({ S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com', S3_FORCE_PATH_STYLE: 'false' });
    expect(aws.keyOf(`https://${s3.bucket}.s3.eu-west-1.amazonaws.com/${key}?X-Amz-Signature=00`)).toBe(key);
    expect(aws.keyOf(`https://s3.eu-west-1.amazonaws.com/${s3.bucket}/${key}`)).toBe(key);
    expect(aws.keyOf(`https://other.s3.eu-west-1.amazonaws.com/${key}`)).toBeNull();
    aws.client.destroy();

    const cdn = await bucketOf({ S3_PUBLIC_URL: 'https://cdn.example/persona/' });
    expect(cdn.url(key)).toBe(`https://cdn.example/persona/${key}`);
    expect(cdn.keyOf(`https://cdn.example/persona/${key}?v=2`)).toBe(key);
    expect(cdn.keyOf(`/media/${key}`)).toBe(key);
    expect(cdn.keyOf(`https://cdn.example/elsewhere/${key}`)).toBeNull();
    expect(cdn.keyOf(`https://cdn.other.example/persona/${key}`)).toBeNull();
    cdn.client.destroy();
  });

  it('keeps templates and site media in MEDIA_DIR (served at /media) and users\' media in the bucket', async () => {
    const { storage, bucket } = await chooseStorage(config({ S3_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` }));
    const file = join(scratch, 'thumb.webp');
    writeFileSync(file, 'webp bytes');
    await storage.put('site/carousel/01.webp', file, 'image/webp');
    expect(existsSync(join(scratch, 'media', 'site', 'carousel', '01.webp'))).toBe(true);
    expect(await s3.head('site/carousel/01.webp')).toBeNull();
    expect(storage.url('templates/ImageTemplate/3.jpg')).toBe('/media/templates/ImageTemplate/3.jpg');
    expect(storage.keyOf('/media/templates/ImageTemplate/3.jpg?t=1')).toBe('templates/ImageTemplate/3.jpg');

    await storage.put('uploads/abc.png', file, 'image/png');
    expect(existsSync(join(scratch, 'media', 'uploads'))).toBe(false);
    expect(storage.url('uploads/abc.png')).toBe(`${s3.endpoint}/${s3.bucket}/uploads/abc.png`);
    // The public URL loads as it is (s3rver serves anonymous reads like a public bucket).
    const res = await fetch(storage.url('uploads/abc.png'));
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'image/png', 'webp bytes']);
    await storage.delete('uploads/abc.png');
    expect(await s3.head('uploads/abc.png')).toBeNull();
    bucket?.client.destroy();
  });

  it('names the setting to fix when the bucket cannot be used, and fails plainly when the store is gone', async () => {
    const problem = async (env: Record<string, string>) => {
      const storage = await bucketOf(env);
      try {
        return await storage.checkBucket().then(() => 'ok', (err: Error) => err.message);
      } finally {
        storage.client.destroy();
      }
    };
    expect(await problem({})).toBe('ok');
    expect(await problem({ S3_BUCKET: 'no-such-bucket' })).toMatch(/S3_BUCKET names no bucket at S3_ENDPOINT http:\/\/127\.0\.0\.1:\d+ \(got "no-such-bucket"\)/);
    expect(await problem({ S3_ACCESS_KEY_ID: 'nobody' })).toMatch(/S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY were refused .* \(HTTP 403\)/);
    const gone = `http://127.0.0.1:${await closedPort()}`;
    expect(await problem({ S3_ENDPOINT: gone })).toMatch(new RegExp(`S3_ENDPOINT ${gone} could not be reached: ECONNREFUSED`));

    const storage = await bucketOf({ S3_ENDPOINT: gone });
    const file = join(scratch, 'any.png');
    writeFileSync(file, 'x');
    const failure = await storage.put('gen/x.png', file, 'image/png').catch((err: Error & { code?: string }) => err);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^S3 PutObject gen\/x\.png failed/);
    expect((failure as NodeJS.ErrnoException).code).not.toBe('ENOENT');
    storage.client.destroy();
  });
});
