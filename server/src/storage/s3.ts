// Media in an S3-compatible bucket through the AWS SDK's S3 client (S3_ENDPOINT, S3_BUCKET, keys).
// One PutObject per file (our media is at most tens of MB, far below its 5 GB limit), so an
// object appears whole or not at all, like the local folder's atomic rename.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ConfigError, type S3Config } from '../config/index.ts';
import { checkKey } from './keys.ts';
import { s3Urls } from './s3-urls.ts';
import type { MediaStorage, StoredObject } from './types.ts';

export interface S3Storage extends MediaStorage {
  readonly client: S3Client;
  readonly bucket: string;
  /** Rejects with a ConfigError naming the setting when the bucket cannot be used. */
  checkBucket(): Promise<void>;
}

interface SdkError {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

/** The HTTP status the store answered with, or undefined when it was not reached. */
export const statusOf = (err: unknown): number | undefined => (err as SdkError | null)?.$metadata?.httpStatusCode;

const isMissing = (err: unknown) => ['NoSuchKey', 'NotFound'].includes((err as SdkError | null)?.name ?? '') || statusOf(err) === 404;

/** NoSuchKey becomes code 'ENOENT' (as MediaStorage promises); anything else says what failed. */
function storeError(err: unknown, what: string, key: string): Error {
  if (isMissing(err)) return Object.assign(new Error(`no object ${key} in the bucket`), { code: 'ENOENT' });
  const e = err as SdkError & Error;
  return new Error(`S3 ${what} ${key} failed: ${e.name ?? 'Error'} ${statusOf(err) ?? e.code ?? ''}`.trim(), { cause: err });
}

export function s3Client(s3: S3Config): S3Client {
  return new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible stores often refuse the SDK's default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    // Failures reach the caller as errors; the SDK would also print some of them to the console.
    logger: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}

export function s3Storage(s3: S3Config, mediaBaseUrl: string): S3Storage {
  const client = s3Client(s3);
  const Bucket = s3.bucket;
  const urls = s3Urls(s3, mediaBaseUrl);

  async function body(key: string, what: string): Promise<Readable> {
    checkKey(key);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
      return res.Body as Readable;
    } catch (err) {
      throw storeError(err, what, key);
    }
  }

  return {
    client,
    bucket: Bucket,
    async put(key, file, mime): Promise<StoredObject> {
      checkKey(key);
      const bytes = (await stat(file)).size;
      try {
        await client.send(new PutObjectCommand({ Bucket, Key: key, Body: createReadStream(file), ContentLength: bytes, ContentType: mime }));
      } catch (err) {
        throw storeError(err, 'PutObject', key);
      }
      return { key, bytes, mime };
    },
    stream: (key) => body(key, 'GetObject'),
    async download(key, file) {
      await pipeline(await body(key, 'GetObject'), createWriteStream(file));
    },
    url: (key) => urls.url(key),
    keyOf: (url) => urls.keyOf(url),
    async delete(key) {
      checkKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (err) {
        if (!isMissing(err)) throw storeError(err, 'DeleteObject', key);
      }
    },
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new ConfigError([bucketProblem(s3, err)]);
      }
    },
  };
}

/** What HeadBucket's failure means, naming the setting to fix. */
function bucketProblem(s3: S3Config, err: unknown): string {
  const status = statusOf(err);
  const at = `at S3_ENDPOINT ${s3.endpoint}`;
  if (status === 404) return `S3_BUCKET names no bucket ${at} (got "${s3.bucket}"): create it first`;
  if (status === 401 || status === 403) return `S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY were refused ${at} for bucket "${s3.bucket}" (HTTP ${status})`;
  if (status === 301 || status === 400) return `S3_REGION does not match bucket "${s3.bucket}" ${at} (got "${s3.region}", HTTP ${status})`;
  if (status !== undefined) return `S3_ENDPOINT ${s3.endpoint} answered HTTP ${status} to HeadBucket "${s3.bucket}"`;
  const e = err as SdkError & Error;
  return `S3_ENDPOINT ${s3.endpoint} could not be reached: ${e.code ?? e.name ?? 'error'} ${e.message ?? ''}`.trim();
}
