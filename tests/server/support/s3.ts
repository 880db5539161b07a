// A real S3-compatible server for tests: s3rver on 127.0.0.1, a free port, a temp folder, one bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client, type HeadObjectCommandOutput } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The keys s3rver knows (its one account); an unknown key id is refused with 403. */
export const S3RVER_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** S3_* settings for this server and bucket. */
  env: Record<string, string>;
  /** A client of our own, to look into the bucket behind the app's back. */
  client: S3Client;
  /** The object's head, or null when it is absent. */
  head(key: string): Promise<HeadObjectCommandOutput | null>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'persona-media'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'ps-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: S3RVER_KEY, S3_SECRET_ACCESS_KEY: S3RVER_KEY };
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
  return {
    endpoint,
    bucket,
    env,
    client,
    async head(key) {
      try {
        return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      } catch (err) {
        if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async stop() {
      client.destroy();
      // Kept-alive sockets would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
