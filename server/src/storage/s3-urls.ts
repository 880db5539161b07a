// The URLs of objects in the bucket. The page gets MEDIA_BASE_URL/<key> (served or redirected by
// this server), or S3_PUBLIC_URL/<key>. keyOf also takes the bucket's own URLs, signed or not,
// path-style or virtual-hosted, so a URL the browser was redirected to still maps back to its key;
// another bucket or host never does.
import type { S3Config } from '../config/index.ts';
import { keyUnderBase } from './keys.ts';

export interface S3Urls {
  url(key: string): string;
  keyOf(url: string): string | null;
}

/** The bucket's base URLs at its endpoint: path-style, then virtual-hosted (not for an IP endpoint). */
export function bucketBases(s3: Pick<S3Config, 'endpoint' | 'bucket'>): string[] {
  const endpoint = new URL(s3.endpoint);
  const path = endpoint.pathname.replace(/\/+$/, '');
  const virtualHost = `${endpoint.protocol}//${s3.bucket}.${endpoint.host}${path}`;
  return [`${endpoint.origin}${path}/${encodeURIComponent(s3.bucket)}`, ...(URL.canParse(virtualHost) ? [virtualHost] : [])];
}

/** Where the page loads media from besides our own origin (for the CSP), or null. */
export function s3MediaOrigin(s3: S3Config | null): string | null {
  if (!s3) return null;
  if (s3.publicUrl) return new URL(s3.publicUrl).origin;
  if (s3.presignSeconds === null) return null;
  const [pathStyle, virtualHosted] = bucketBases(s3);
  return new URL((s3.forcePathStyle ? pathStyle : virtualHosted) ?? s3.endpoint).origin;
}

export function s3Urls(s3: S3Config, mediaBaseUrl: string): S3Urls {
  const served = mediaBaseUrl.replace(/\/+$/, '');
  const bases = [served, ...(s3.publicUrl ? [s3.publicUrl] : []), ...bucketBases(s3)];
  return {
    url: (key) => `${s3.publicUrl ?? served}/${key}`,
    keyOf(url) {
      // A relative URL is one of ours only below MEDIA_BASE_URL.
      const relative = url.startsWith('/') && !url.startsWith('//');
      for (const base of relative ? [served] : bases) {
        const key = keyUnderBase(url, base);
        if (key) return key;
      }
      return null;
    },
  };
}
