import { Type } from 'typebox';
import { Path, Text, Url } from './formats.ts';
import { required } from './parse.ts';
import type { Read } from './settings.ts';

/** Where media is kept and the URLs it is reached at: MEDIA_DIR, or an S3-compatible bucket. */
export const storageSettings = Type.Object({
  MEDIA_DIR: Type.Optional(Path('path', {
    defaultText: 'DATA_DIR/media',
    description: 'Folder served at /media (generated media, templates, site media; with S3_ENDPOINT templates and site media only).',
  })),
  MEDIA_BASE_URL: Url('base-url', {
    default: '/media',
    description: 'Public base URL of media: /media, or an absolute http(s) URL of a bucket or CDN.',
  }),
  S3_ENDPOINT: Type.Optional(Url('absolute-url', {
    defaultText: '(unset: media in MEDIA_DIR)',
    description:
      'http(s) URL of an S3-compatible store (https://s3.<region>.amazonaws.com, MinIO, R2, …): users\' media (generated, uploaded, fetched) is kept in S3_BUCKET there; checked at start.',
  })),
  S3_BUCKET: Type.Optional(Text('text', { description: 'The bucket (required with S3_ENDPOINT; it must exist).' })),
  S3_ACCESS_KEY_ID: Type.Optional(Text('text', { description: 'Access key id (required with S3_ENDPOINT).' })),
  S3_SECRET_ACCESS_KEY: Type.Optional(Text('secret', { description: 'Secret access key (required with S3_ENDPOINT). Never logged.' })),
  S3_REGION: Text('word', { default: 'us-east-1', description: 'Region requests are signed for.' }),
  S3_FORCE_PATH_STYLE: Type.Boolean({
    default: true,
    description: 'true: endpoint/bucket/key URLs (S3-compatible servers); false: bucket.endpoint/key (AWS virtual-hosted style).',
  }),
  S3_PUBLIC_URL: Type.Optional(Url('absolute-url', {
    defaultText: '(unset: media URLs stay /media/…, served by this server from the bucket)',
    description:
      'Absolute http(s) URL of the bucket\'s public contents (public bucket or CDN): media URLs point there and the page loads them from there.',
  })),
  S3_PRESIGN_SECONDS: Type.Optional(Type.Integer({
    minimum: 60,
    maximum: 604800,
    defaultText: '(unset: the server streams /media/… from the bucket)',
    description:
      'With S3_ENDPOINT, 60-604800: /media/… answers a redirect to a GET URL signed for this long, so the bytes come from the store (the bucket needs CORS for downloads). Not with S3_PUBLIC_URL.',
  })),
  SITE_MEDIA_CACHE: Type.Optional(Path('path', {
    defaultText: '(unset: no cache)',
    description: 'Folder keeping a finished site media library to copy instead of regenerating (tests, CI, many data folders).',
  })),
});

const S3_SETTINGS = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_REGION', 'S3_FORCE_PATH_STYLE', 'S3_PUBLIC_URL', 'S3_PRESIGN_SECONDS'] as const;

/** Users' media in an S3-compatible bucket, or null for MEDIA_DIR; the S3 settings are all or nothing. */
export function s3Of({ values: s, given, report }: Read) {
  if (given.S3_ENDPOINT === undefined) {
    // A half-made S3 set-up would silently keep media on local disk: say so instead.
    for (const name of S3_SETTINGS) if (given[name] !== undefined) report(name, 'is set but S3_ENDPOINT is not');
    return null;
  }
  const publicUrl = s.S3_PUBLIC_URL ?? null;
  const presignSeconds = s.S3_PRESIGN_SECONDS ?? null;
  if (publicUrl !== null && presignSeconds !== null) report('S3_PRESIGN_SECONDS', 'must not be set with S3_PUBLIC_URL (media URLs are either public or signed)');
  return {
    /** No trailing slash. */
    endpoint: s.S3_ENDPOINT ?? '',
    bucket: required(s, report, 'S3_BUCKET', 'S3_ENDPOINT'),
    accessKeyId: required(s, report, 'S3_ACCESS_KEY_ID', 'S3_ENDPOINT'),
    secretAccessKey: required(s, report, 'S3_SECRET_ACCESS_KEY', 'S3_ENDPOINT'),
    region: s.S3_REGION,
    forcePathStyle: s.S3_FORCE_PATH_STYLE,
    /** Base of public media URLs (no trailing slash), or null: /media/<key> served by the server. */
    publicUrl,
    /** /media/<key> redirects to a GET URL signed for this long; null: the server streams it. */
    presignSeconds,
  };
}
