// GET/HEAD /media/<key> for objects in the bucket. URLs stay on our origin whatever the store,
// so the service worker's user-media cache, the CSP's 'self' and the watermark worker's fetch
// keep working, and URLs stored with jobs never expire. By default the bytes are streamed from
// the bucket (Range and If-None-Match passed through); with S3_PRESIGN_SECONDS the answer is a
// redirect to a signed GET URL instead, so the bytes go from the store to the browser.
import { GetObjectCommand, HeadObjectCommand, type GetObjectCommandOutput } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isKey } from './keys.ts';
import { statusOf, type S3Storage } from './s3.ts';

/** As the media folder's files (static-files.ts). */
const MEDIA_CACHE = 'public, max-age=86400';

type ObjectHead = Pick<GetObjectCommandOutput, 'ContentType' | 'ContentLength' | 'ContentRange' | 'ETag' | 'LastModified'>;

function objectHeaders(reply: FastifyReply, head: ObjectHead): FastifyReply {
  reply.header('cache-control', MEDIA_CACHE).header('accept-ranges', 'bytes');
  if (head.ContentType) reply.type(head.ContentType);
  if (head.ContentLength !== undefined) reply.header('content-length', head.ContentLength);
  if (head.ContentRange) reply.code(206).header('content-range', head.ContentRange);
  if (head.ETag) reply.header('etag', head.ETag);
  if (head.LastModified) reply.header('last-modified', head.LastModified.toUTCString());
  return reply;
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function s3MediaRoute(app: FastifyInstance, bucket: S3Storage, presignSeconds: number | null): void {
  const { client, bucket: Bucket } = bucket;
  app.route<{ Params: { '*': string } }>({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    schema: { hide: true },
    async handler(request, reply) {
      const key = request.params['*'];
      if (!isKey(key)) return reply.code(404).send({ error: 'Not found' });
      if (presignSeconds !== null) {
        const url = await getSignedUrl(client, new GetObjectCommand({ Bucket, Key: key }), { expiresIn: presignSeconds });
        // The browser may reuse the redirect while the signature has time left.
        return reply.header('cache-control', `private, max-age=${Math.floor(presignSeconds / 2)}`).redirect(url, 302);
      }
      const ifNoneMatch = header(request.headers['if-none-match']);
      try {
        if (request.method === 'HEAD') {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key, IfNoneMatch: ifNoneMatch }));
          return objectHeaders(reply, head).send();
        }
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key, IfNoneMatch: ifNoneMatch, Range: header(request.headers.range) }));
        return objectHeaders(reply, object).send(object.Body);
      } catch (err) {
        const status = statusOf(err);
        if (status === 304) {
          if (ifNoneMatch && !ifNoneMatch.includes(',')) reply.header('etag', ifNoneMatch);
          return reply.code(304).header('cache-control', MEDIA_CACHE).send();
        }
        if (status === 404) return reply.code(404).send({ error: 'Not found' });
        if (status === 416) return reply.code(416).send({ error: 'Range Not Satisfiable' });
        request.log.error({ err, key }, 'the media store failed');
        return reply.code(502).send({ error: 'Bad Gateway' });
      }
    },
  });
}
